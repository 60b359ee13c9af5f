//go:build amd64 && !purego

#include "textflag.h"

// LANES sets K1 to the lanes j of a step of eight whose index i+j is
// below n, for the steps of every kernel here; it leaves n − i in DX and
// uses SI.
#define LANES(n, i) \
	MOVQ  n, DX;     \
	SUBQ  i, DX;     \
	MOVQ  $0xFF, SI; \
	BZHIQ DX, SI, SI; \
	KMOVQ SI, K1

// Offsets of pairWords' matrices from the first: 64×64 words, 32768 bytes
// each, in the order of its fields.
#define AB0 0
#define ABN 32768
#define AC0 65536
#define ACN 98304
#define BC0 131072
#define BCN 163840
#define SAB 196608
#define SAC 229376
#define SBC 262144

// func splitTriples1AVX512(fw *uint64, q int, k0, signs uint64, m *uint64)
//
// For every pair a < b and every c > b, eight c at a time (K1 masks the
// c ≥ q of the last step), the triple's cells as pureTripleCells finds
// them, a pure cell's byte all ones (the Go loop sets its top bit alone;
// only top bits are read): its pairs' words summed with the (1,1,1)
// counts times laneSigns, then a zero test per byte of the class 0 and
// class 1 counts. The cells that split purely are then or-ed into the
// pair's splitAB (as the Go loop's acc, reduced across the eight lanes),
// and (a, c)'s splitAC and (b, c)'s splitBC.
//
// Registers: DI fw, R8 q, R9 m, AX a, BX b, CX c, R10 row a of the
// matrices (m + 512a), R12 row b, R11 fw[a]; Z20 k0, Z21 laneSigns, Z1
// ab, Z2 ab of class 0, Z3 and Z4 the pair (a, b)'s ab0 and abN, Z5 acc.
TEXT ·splitTriples1AVX512(SB), NOSPLIT, $0-40
	MOVQ         fw+0(FP), DI
	MOVQ         q+8(FP), R8
	VPBROADCASTQ k0+16(FP), Z20
	VPBROADCASTQ signs+24(FP), Z21
	MOVQ         m+32(FP), R9
	XORQ         AX, AX

loopA:
	CMPQ AX, R8
	JGE  done
	MOVQ AX, R10
	SHLQ $9, R10
	ADDQ R9, R10
	MOVQ (DI)(AX*8), R11
	LEAQ 1(AX), BX

loopB:
	CMPQ         BX, R8
	JGE          nextA
	MOVQ         BX, R12
	SHLQ         $9, R12
	ADDQ         R9, R12
	MOVQ         (DI)(BX*8), DX
	ANDQ         R11, DX
	VPBROADCASTQ DX, Z1
	VPANDQ       Z20, Z1, Z2
	VPBROADCASTQ AB0(R10)(BX*8), Z3
	VPBROADCASTQ ABN(R10)(BX*8), Z4
	VPXORQ       Z5, Z5, Z5
	LEAQ         1(BX), CX

loopC:
	CMPQ CX, R8
	JGE  endC

	// K1: the lanes c < q.
	LANES(R8, CX)

	// The (1,1,1) counts t and t0, times laneSigns.
	VMOVDQU64.Z (DI)(CX*8), K1, Z6
	VPANDQ      Z1, Z6, Z7
	VPANDQ      Z2, Z6, Z8
	VPOPCNTQ    Z7, Z7
	VPOPCNTQ    Z8, Z8
	VPMULLQ     Z21, Z7, Z7
	VPMULLQ     Z21, Z8, Z8

	// x: class 0's cell counts; Z10: all points', then class 1's.
	VMOVDQU64.Z AC0(R10)(CX*8), K1, Z9
	VMOVDQU64.Z BC0(R12)(CX*8), K1, Z10
	VPADDQ      Z9, Z10, Z9
	VPADDQ      Z3, Z9, Z9
	VPADDQ      Z8, Z9, Z9
	VMOVDQU64.Z ACN(R10)(CX*8), K1, Z10
	VMOVDQU64.Z BCN(R12)(CX*8), K1, Z11
	VPADDQ      Z10, Z11, Z10
	VPADDQ      Z4, Z10, Z10
	VPADDQ      Z7, Z10, Z10
	VPSUBQ      Z9, Z10, Z10

	// Z12: the pure cells, a byte of ones each.
	VPTESTNMB Z9, Z9, K2
	VPTESTNMB Z10, Z10, K3
	KORQ      K2, K3, K2
	VPMOVM2B  K2, Z12

	// acc |= z & z>>8, over the lanes c < q.
	VPSRLQ $8, Z12, Z13
	VPANDQ Z12, Z13, Z13
	VPORQ  Z13, Z5, K1, Z5

	// splitAC[a][c] |= z & z>>16.
	VPSRLQ      $16, Z12, Z13
	VPANDQ      Z12, Z13, Z13
	VMOVDQU64.Z SAC(R10)(CX*8), K1, Z14
	VPORQ       Z13, Z14, Z14
	VMOVDQU64   Z14, K1, SAC(R10)(CX*8)

	// splitBC[b][c] |= z & z>>32.
	VPSRLQ      $32, Z12, Z13
	VPANDQ      Z12, Z13, Z13
	VMOVDQU64.Z SBC(R12)(CX*8), K1, Z14
	VPORQ       Z13, Z14, Z14
	VMOVDQU64   Z14, K1, SBC(R12)(CX*8)

	ADDQ $8, CX
	JMP  loopC

endC:
	// splitAB[a][b] = the or of acc's lanes.
	VEXTRACTI64X4 $1, Z5, Y6
	VPORQ         Y6, Y5, Y5
	VEXTRACTI128  $1, Y5, X6
	VPOR          X6, X5, X5
	VPSHUFD       $0x4E, X5, X6
	VPOR          X6, X5, X5
	VMOVQ         X5, DX
	MOVQ          DX, SAB(R10)(BX*8)
	INCQ          BX
	JMP           loopB

nextA:
	INCQ AX
	JMP  loopA

done:
	VZEROUPPER
	RET

// func closeRowsAVX512(rp uint64, rows *uint64, n int, limit uint64, masks *uint8)
//
// Eight rows a step (K1 masks the rows ≥ n of the last): the popcount of
// each row xor rp, compared with limit, gives the step's mask byte.
TEXT ·closeRowsAVX512(SB), NOSPLIT, $0-40
	VPBROADCASTQ rp+0(FP), Z1
	MOVQ         rows+8(FP), DI
	MOVQ         n+16(FP), R8
	VPBROADCASTQ limit+24(FP), Z2
	MOVQ         masks+32(FP), R9
	XORQ         CX, CX

loop:
	CMPQ        CX, R8
	JGE         end
	LANES(R8, CX)
	VMOVDQU64.Z (DI)(CX*8), K1, Z3
	VPXORQ      Z1, Z3, Z3
	VPOPCNTQ    Z3, Z3
	VPCMPUQ     $2, Z2, Z3, K1, K2
	KMOVB       K2, AX
	MOVQ        CX, DX
	SHRQ        $3, DX
	MOVB        AX, (R9)(DX*1)
	ADDQ        $8, CX
	JMP         loop

end:
	VZEROUPPER
	RET

// func pairWordsAVX512(fw *uint64, q int, k0 uint64, one0, oneN *uint64, n0, n uint64, units *[3]uint64, m *uint64, cells *uint8, qs int)
//
// purity2's loop over the pairs a < b for at most 64 points, eight b a
// step (K1 masks the b ≥ q of the last): the pair's (1,1,1) counts x11
// (class 0) and n11 (all points), its other cells by inclusion and
// exclusion from the single features' counts one0 and oneN and the
// totals n0 and n, its six words into m's matrices (abWord by shifts,
// acWord and bcWord by the products units = acWord(1, 0), acWord(0, 1),
// bcWord(1)), and its pure cells, pureCells' four bits, as byte b of row
// a of cells (stride qs; a step writes eight bytes, zero past q).
//
// Registers: DI fw, R8 q, R9 m, R10 row a of the matrices, R11 one0, R12
// oneN, R13 row a of cells, AX a, BX b; Z20 k0, Z21 n0, Z22 n, Z23–Z25
// units, Z26 fw[a], Z27 one0[a], Z28 oneN[a].
TEXT ·pairWordsAVX512(SB), NOSPLIT, $0-88
	MOVQ         fw+0(FP), DI
	MOVQ         q+8(FP), R8
	VPBROADCASTQ k0+16(FP), Z20
	MOVQ         one0+24(FP), R11
	MOVQ         oneN+32(FP), R12
	VPBROADCASTQ n0+40(FP), Z21
	VPBROADCASTQ n+48(FP), Z22
	MOVQ         units+56(FP), DX
	VPBROADCASTQ 0(DX), Z23
	VPBROADCASTQ 8(DX), Z24
	VPBROADCASTQ 16(DX), Z25
	MOVQ         m+64(FP), R9
	XORQ         AX, AX

pairA:
	CMPQ         AX, R8
	JGE          pairDone
	MOVQ         AX, R10
	SHLQ         $9, R10
	ADDQ         R9, R10
	MOVQ         qs+80(FP), R13
	IMULQ        AX, R13
	ADDQ         cells+72(FP), R13
	VPBROADCASTQ (DI)(AX*8), Z26
	VPBROADCASTQ (R11)(AX*8), Z27
	VPBROADCASTQ (R12)(AX*8), Z28
	LEAQ         1(AX), BX

pairB:
	CMPQ BX, R8
	JGE  pairNextA
	LANES(R8, BX)

	// Z7 n11, Z8 x11.
	VMOVDQU64.Z (DI)(BX*8), K1, Z6
	VPANDQ      Z26, Z6, Z7
	VPANDQ      Z20, Z7, Z8
	VPOPCNTQ    Z7, Z7
	VPOPCNTQ    Z8, Z8

	// Z9 x01, Z10 n01, Z11 x10, Z12 n10, Z13 x00, Z14 n00.
	VMOVDQU64.Z (R11)(BX*8), K1, Z9
	VMOVDQU64.Z (R12)(BX*8), K1, Z10
	VPSUBQ      Z8, Z9, Z9
	VPSUBQ      Z7, Z10, Z10
	VPSUBQ      Z8, Z27, Z11
	VPSUBQ      Z7, Z28, Z12
	VPSUBQ      Z11, Z21, Z13
	VPSUBQ      Z9, Z13, Z13
	VPSUBQ      Z8, Z13, Z13
	VPSUBQ      Z12, Z22, Z14
	VPSUBQ      Z10, Z14, Z14
	VPSUBQ      Z7, Z14, Z14

	// abWord: Z15 class 0, Z16 all points.
	VPSLLQ    $16, Z9, Z15
	VPORQ     Z13, Z15, Z15
	VPSLLQ    $32, Z11, Z17
	VPORQ     Z17, Z15, Z15
	VPSLLQ    $48, Z8, Z17
	VPORQ     Z17, Z15, Z15
	VPSLLQ    $16, Z10, Z16
	VPORQ     Z14, Z16, Z16
	VPSLLQ    $32, Z12, Z17
	VPORQ     Z17, Z16, Z16
	VPSLLQ    $48, Z7, Z17
	VPORQ     Z17, Z16, Z16
	VMOVDQU64 Z15, K1, AB0(R10)(BX*8)
	VMOVDQU64 Z16, K1, ABN(R10)(BX*8)

	// acWord and bcWord.
	VPMULLQ   Z23, Z9, Z17
	VPMULLQ   Z24, Z8, Z18
	VPADDQ    Z18, Z17, Z17
	VMOVDQU64 Z17, K1, AC0(R10)(BX*8)
	VPMULLQ   Z23, Z10, Z17
	VPMULLQ   Z24, Z7, Z18
	VPADDQ    Z18, Z17, Z17
	VMOVDQU64 Z17, K1, ACN(R10)(BX*8)
	VPMULLQ   Z25, Z8, Z17
	VMOVDQU64 Z17, K1, BC0(R10)(BX*8)
	VPMULLQ   Z25, Z7, Z17
	VMOVDQU64 Z17, K1, BCN(R10)(BX*8)

	// pureCells: a zero count of class 0 or class 1 per 16-bit lane, four
	// bits per b, spread to the low half of byte b; bytes past q zero.
	VPSUBQ    Z15, Z16, Z17
	VPTESTNMW Z15, Z15, K2
	VPTESTNMW Z17, Z17, K3
	KORD      K2, K3, K2
	KMOVD     K2, CX
	MOVQ      $0x0F0F0F0F0F0F0F0F, DX
	PDEPQ     DX, CX, CX
	KMOVQ     K1, SI
	MOVQ      $0x0101010101010101, DX
	PDEPQ     DX, SI, SI
	IMUL3Q    $0xFF, SI, SI
	ANDQ      SI, CX
	MOVQ      CX, (R13)(BX*1)

	ADDQ $8, BX
	JMP  pairB

pairNextA:
	INCQ AX
	JMP  pairA

pairDone:
	VZEROUPPER
	RET

// func cellsAVX512(q int, m *uint64, cells *uint8, qs int, consts *[6]uint64)
//
// fitCells' loop, eight pairs (a, b) a step (K1 masks the b ≥ q of the
// last): splitCells by its products, the byte pure | fit<<4 into row a,
// and the same cells seen from b, 2w+v for 2v+w, into column a of the
// rows b, a byte at a time.
//
// Registers: R8 q, R9 m, R10 row a of the matrices, R11 cells, R12 qs,
// R13 row a of cells, AX a, BX b; Z20–Z25 consts, Z26 0xF, Z27–Z29 the
// masks 0x99, 0x22, 0x44 of the exchange of v and w.
TEXT ·cellsAVX512(SB), NOSPLIT, $0-40
	MOVQ         q+0(FP), R8
	MOVQ         m+8(FP), R9
	MOVQ         cells+16(FP), R11
	MOVQ         qs+24(FP), R12
	MOVQ         consts+32(FP), DX
	VPBROADCASTQ 0(DX), Z20
	VPBROADCASTQ 8(DX), Z21
	VPBROADCASTQ 16(DX), Z22
	VPBROADCASTQ 24(DX), Z23
	VPBROADCASTQ 32(DX), Z24
	VPBROADCASTQ 40(DX), Z25
	MOVQ         $0xF, DX
	VPBROADCASTQ DX, Z26
	MOVQ         $0x99, DX
	VPBROADCASTQ DX, Z27
	MOVQ         $0x22, DX
	VPBROADCASTQ DX, Z28
	MOVQ         $0x44, DX
	VPBROADCASTQ DX, Z29
	XORQ         AX, AX

cellA:
	CMPQ  AX, R8
	JGE   cellDone
	MOVQ  AX, R10
	SHLQ  $9, R10
	ADDQ  R9, R10
	MOVQ  R12, R13
	IMULQ AX, R13
	ADDQ  R11, R13
	LEAQ  1(AX), BX

cellB:
	CMPQ  BX, R8
	JGE   cellNextA
	LANES(R8, BX)

	// Z1 the pure cells; Z2–Z4 the cells that split, from the three roles.
	VPMOVZXBQ.Z (R13)(BX*1), K1, Z1
	VMOVDQU64.Z SAB(R10)(BX*8), K1, Z2
	VPSRLQ      $7, Z2, Z2
	VPANDQ      Z20, Z2, Z2
	VPMULLQ     Z21, Z2, Z2
	VPSRLQ      $48, Z2, Z2
	VMOVDQU64.Z SAC(R10)(BX*8), K1, Z3
	VPSRLQ      $7, Z3, Z3
	VPANDQ      Z22, Z3, Z3
	VPMULLQ     Z23, Z3, Z3
	VPSRLQ      $48, Z3, Z3
	VPANDQ      Z26, Z3, Z3
	VMOVDQU64.Z SBC(R10)(BX*8), K1, Z4
	VPSRLQ      $7, Z4, Z4
	VPANDQ      Z24, Z4, Z4
	VPMULLQ     Z25, Z4, Z4
	VPSRLQ      $24, Z4, Z4
	VPANDQ      Z26, Z4, Z4

	// c = pure | (pure | split)<<4, into row a.
	VPORQ   Z2, Z3, Z2
	VPORQ   Z4, Z2, Z2
	VPORQ   Z1, Z2, Z2
	VPSLLQ  $4, Z2, Z2
	VPORQ   Z1, Z2, Z2
	VPMOVQB Z2, K1, (R13)(BX*1)

	// The same cells from b: c&0x99 | (c&0x22)<<1 | (c&0x44)>>1.
	VPANDQ  Z27, Z2, Z5
	VPANDQ  Z28, Z2, Z6
	VPSLLQ  $1, Z6, Z6
	VPORQ   Z6, Z5, Z5
	VPANDQ  Z29, Z2, Z6
	VPSRLQ  $1, Z6, Z6
	VPORQ   Z6, Z5, Z5
	VPMOVQB Z5, X5
	VMOVQ   X5, CX

	// Byte j to row b+j, column a, for the b+j < q.
	CMPQ  DX, $8
	JLE   cellCount
	MOVQ  $8, DX

cellCount:
	MOVQ  R12, SI
	IMULQ BX, SI
	ADDQ  R11, SI
	ADDQ  AX, SI

cellT:
	MOVB CX, (SI)
	SHRQ $8, CX
	ADDQ R12, SI
	DECQ DX
	JNZ  cellT

	ADDQ $8, BX
	JMP  cellB

cellNextA:
	INCQ AX
	JMP  cellA

cellDone:
	VZEROUPPER
	RET
