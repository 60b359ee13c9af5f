// Package unixcompress reads the .Z files of Unix compress(1): LZW over
// bytes with codes of 9 up to 12..16 bits, as UCI still distributes some
// datasets (connect-4.data.Z). The standard library's compress/lzw is the
// GIF and PDF variant, whose codes and header differ; no maintained Go
// module reads .Z, so this is a decoder written from the format that
// ncompress and gzip's unlzw.c decode:
//
//   - a header of three bytes: 0x1f 0x9d, then a flags byte whose low
//     five bits are the largest code width (9..16) and whose bit 0x80 is
//     block mode (code 256 clears the table: every file of compress 3.0
//     and later);
//   - codes packed least significant bit first, 9 bits wide at first; the
//     width grows by one when the next free table entry no longer fits,
//     up to the largest;
//   - codes come in groups of eight: when the width changes, and after a
//     clear code, the rest of the current group of eight codes is padding
//     and is skipped (the quirk of compress's implementation that every
//     decoder must copy);
//   - after a clear the table restarts at 9 bits with its next free entry
//     at 256 (the code of the clear itself), so the next code made fills
//     a slot nothing reads, exactly as both decoders do.
//
// Bits after the last whole code are ignored. A code beyond the next free
// entry, a first code that is not a byte, or a bad header is an error.
package unixcompress
