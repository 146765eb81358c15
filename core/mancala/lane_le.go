//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package mancala

// laneXor turns a pit's place in its word into its lane on the word board (words.go):
// the view of newPits puts pit 4k+i in lane i^laneXor of word k, 0 on little-endian
// machines.
const laneXor = 0
