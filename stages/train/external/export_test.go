package external

// BinaryData is binaryData for the external test package.
var BinaryData = binaryData

// MixedFixture is mixedFixture for the external test package.
var MixedFixture = mixedFixture
