package logfile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// zstdFrameBytes compresses text as one frame.
func zstdFrameBytes(t testing.TB, text string, opts ...zstd.EOption) []byte {
	enc, err := zstd.NewWriter(nil, opts...)
	require.NoError(t, err)
	defer enc.Close()
	return enc.EncodeAll([]byte(text), nil)
}

func TestZstdFramesEnd(t *testing.T) {
	a := zstdFrameBytes(t, strings.Repeat(`{"trial":1,"cell":0}`+"\n", 500))
	b := zstdFrameBytes(t, "short\n", zstd.WithEncoderCRC(false))
	c := zstdFrameBytes(t, strings.Repeat("x", 300_000)+"\n", zstd.WithEncoderLevel(zstd.SpeedFastest)) // several blocks
	skippable := binary.LittleEndian.AppendUint32(nil, zstdSkipMagic+3)
	skippable = binary.LittleEndian.AppendUint32(skippable, 5)
	skippable = append(skippable, "hello"...)
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	ab := int64(len(a) + len(b))

	tests := []struct {
		name string
		data []byte
		want int64
		err  string
	}{
		{"empty", nil, 0, ""},
		{"one frame", a, int64(len(a)), ""},
		{"frames", cat(a, b, c), ab + int64(len(c)), ""},
		{"a skippable frame", cat(a, skippable, b), ab + int64(len(skippable)), ""},
		{"cut in the magic", cat(a, b, c[:3]), ab, ""},
		{"cut in the header", cat(a, b, c[:5]), ab, ""},
		{"cut in a block", cat(a, b, c[:len(c)/2]), ab, ""},
		{"cut in the checksum", cat(a, b, c[:len(c)-2]), ab, ""},
		{"cut in a skippable frame", cat(a, skippable[:9]), int64(len(a)), ""},
		{"garbage", cat(a, []byte("garbage!")), int64(len(a)), fmt.Sprintf("byte %d: not a zstd frame", len(a))},
		{"a plain log", []byte(`{"trial":0}` + "\n"), 0, "byte 0: not a zstd frame"},
		{"reserved block type", cat(a, []byte{0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x05, 0x07, 0, 0}), int64(len(a)), "reserved type"},
		{"reserved header bit", cat(a, []byte{0x28, 0xb5, 0x2f, 0xfd, 0x28, 0x05, 0x01, 0, 0}), int64(len(a)), "reserved bit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			end, err := FramesEnd(bytes.NewReader(tc.data), int64(len(tc.data)))
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tc.want, end)
		})
	}
}

// TestNextMagicAndTrailingZeros: the next frame is found across the reads' boundaries,
// and the zeros ending a log are counted across them too.
func TestNextMagicAndTrailingZeros(t *testing.T) {
	magic := binary.LittleEndian.AppendUint32(nil, zstdMagic)
	for _, at := range []int{0, 1, 65533, 65534, 65535, 65536, 65537, 200000} {
		data := make([]byte, 300000)
		for i := range data {
			data[i] = byte(i%251) | 1 // no zero bytes, and no magic by chance
		}
		copy(data[at:], magic)
		got, err := NextMagic(bytes.NewReader(data), 0, int64(len(data)))
		require.NoError(t, err)
		assert.Equal(t, int64(at), got, "magic at %d", at)
		got, err = NextMagic(bytes.NewReader(data), int64(at)+1, int64(len(data)))
		require.NoError(t, err)
		assert.Equal(t, int64(len(data)), got, "none after %d", at)

		clear(data[at:])
		zeros, err := TrailingZeros(bytes.NewReader(data), 0, int64(len(data)))
		require.NoError(t, err)
		assert.Equal(t, int64(len(data)-at), zeros, "zeros from %d", at)
		zeros, err = TrailingZeros(bytes.NewReader(data), int64(at)+10, int64(len(data)))
		require.NoError(t, err)
		assert.Equal(t, int64(len(data)-at-10), zeros, "looking back to %d", at+10)
	}
}

// TestZstdFramesSkippable: skippable frames carry no lines and are no damage.
func TestZstdFramesSkippable(t *testing.T) {
	a := zstdFrameBytes(t, "one\n", zstd.WithEncoderCRC(true))
	b := zstdFrameBytes(t, "two\n")
	skippable := binary.LittleEndian.AppendUint32(nil, zstdSkipMagic+3)
	skippable = binary.LittleEndian.AppendUint32(skippable, 5)
	skippable = append(skippable, "hello"...)
	data := bytes.Join([][]byte{a, skippable, b}, nil)
	for _, skip := range []bool{false, true} {
		z, err := NewFrames(bytes.NewReader(data), int64(len(data)), skip)
		require.NoError(t, err)
		text, err := io.ReadAll(z)
		z.Close()
		require.NoError(t, err)
		assert.Equal(t, "one\ntwo\n", string(text))
		assert.Empty(t, z.Damage())
	}
}

// TestCutFrameEndingInAZero: a last frame cut where its data happens to hold a zero byte
// is a cut frame, not a zeroed tail; a run of zeros is a zeroed tail.
func TestCutFrameEndingInAZero(t *testing.T) {
	a := zstdFrameBytes(t, strings.Repeat(`{"trial":1,"cell":0}`+"\n", 500))
	var text strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&text, `{"trial":%d,"seed":%d,"plies":%d}`+"\n", i, i*i*7919%100003, i%97)
	}
	c := zstdFrameBytes(t, text.String())
	zero := bytes.IndexByte(c[16:len(c)-8], 0) + 16 // a zero byte inside c's blocks
	require.Greater(t, zero, 16, "c has a zero byte past its header")
	damage := func(data []byte) Damage {
		t.Helper()
		z, err := NewFrames(bytes.NewReader(data), int64(len(data)), true)
		require.NoError(t, err)
		defer z.Close()
		_, err = io.ReadAll(z)
		require.NoError(t, err)
		require.Len(t, z.Damage(), 1)
		return z.Damage()[0]
	}
	cut := damage(append(append([]byte(nil), a...), c[:zero+1]...))
	assert.True(t, cut.Tail)
	assert.Zero(t, cut.Zeros, "one zero byte ending a cut frame is the data's")
	zeroed := damage(append(append(append([]byte(nil), a...), c[:len(c)/2]...), make([]byte, 4096)...))
	assert.GreaterOrEqual(t, zeroed.Zeros, int64(4096), "a zeroed block is a power cut's")
}
