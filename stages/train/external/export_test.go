package external

// BinaryData is binaryData for the external test package.
var BinaryData = binaryData
