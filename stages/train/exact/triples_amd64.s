#include "textflag.h"

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
	MOVQ   R8, DX
	SUBQ   CX, DX
	MOVQ   $0xFF, SI
	BZHIQ  DX, SI, SI
	KMOVQ  SI, K1

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
	MOVQ        R8, DX
	SUBQ        CX, DX
	MOVQ        $0xFF, SI
	BZHIQ       DX, SI, SI
	KMOVQ       SI, K1
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
