package logfile

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"
)

// MaxLine bounds one line of the trial log (a game of a million plies).
const MaxLine = 64 << 20

// ErrLongLine is the error of a line longer than MaxLine.
var ErrLongLine = fmt.Errorf("a line longer than %d MiB", MaxLine>>20)

// NextLine reads a line of a trial log, its newline included (a last line without one
// comes with io.EOF). The line is valid until the next read.
func NextLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return line, err
	}
	// Longer than the reader's buffer: copy before reading on (the next read reuses it).
	long := append([]byte(nil), line...)
	for errors.Is(err, bufio.ErrBufferFull) && len(long) < MaxLine {
		line, err = br.ReadSlice('\n')
		long = append(long, line...)
	}
	if errors.Is(err, bufio.ErrBufferFull) {
		err = ErrLongLine
	}
	return long, err
}

// IsZstd reports whether path names a compressed trial log.
func IsZstd(path string) bool { return strings.HasSuffix(path, ".zst") }

// The frames of a compressed log: a frame is written once FrameBytes of lines are
// gathered, or once lines have waited FrameEvery (a run killed outright loses at most
// those: the frames written are whole). With a worker on every core, a worker
// compresses a batch of trials itself when its lines come to WorkerFrame bytes or more
// (short games, where the log is written fastest), so that compression runs on every
// core rather than on the collector's alone. Variables for the tests.
var (
	FrameBytes  = 1 << 20
	FrameEvery  = 2 * time.Second
	WorkerFrame = 64 << 10
)

// Writer appends whole lines to a trial log: as they come for a plain log, or
// gathered into zstd frames of about FrameBytes.
type Writer struct {
	f      *os.File
	enc    *zstd.Encoder // nil for a plain log
	frame  int           // bytes gathered before a write
	pend   []byte
	since  time.Time // when the first line of pend came
	out    []byte
	closed bool
}

// NewWriter writes the log f, zstd frames when compress, else plain lines; frame is the bytes gathered before a write
// (0: every write goes out at once; a compressed log uses FrameBytes whatever it is).
// Up to encoders goroutines may compress at once (compress, from the workers): each
// holds about 2.5 MB (a window of a MiB, a frame's size, and the encoder's low-memory
// tables: the same ratio and speed on trial logs as the defaults' 18 MB).
func NewWriter(f *os.File, compress bool, frame, encoders int) (*Writer, error) {
	w := &Writer{f: f, frame: frame}
	if compress {
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault),
			zstd.WithEncoderConcurrency(max(1, encoders)), zstd.WithEncoderCRC(true),
			zstd.WithWindowSize(1<<20), zstd.WithLowerEncoderMem(true))
		if err != nil {
			return nil, fmt.Errorf("zstd: %w", err)
		}
		w.enc, w.frame = enc, FrameBytes
	}
	return w, nil
}

// Write adds whole lines.
func (w *Writer) Write(lines []byte) error {
	if len(w.pend) == 0 && len(lines) >= w.frame {
		return w.put(lines)
	}
	if len(w.pend) == 0 {
		w.since = time.Now()
	}
	w.pend = append(w.pend, lines...)
	if len(w.pend) >= w.frame {
		return w.Flush()
	}
	return nil
}

// Compress returns lines (whole lines) compressed as one zstd frame appended to dst,
// for writeFrame; it may be called from any goroutine.
func (w *Writer) Compress(lines, dst []byte) []byte {
	return w.enc.EncodeAll(lines, dst)
}

// WriteFrame writes a frame from compress.
func (w *Writer) WriteFrame(frame []byte) error {
	_, err := w.f.Write(frame)
	return err
}

// Due reports whether lines have waited FrameEvery.
func (w *Writer) Due(now time.Time) bool {
	return len(w.pend) > 0 && now.Sub(w.since) >= FrameEvery
}

// Flush writes the lines gathered.
func (w *Writer) Flush() error {
	if len(w.pend) == 0 {
		return nil
	}
	err := w.put(w.pend)
	w.pend = w.pend[:0]
	return err
}

// put writes lines as one write: a zstd frame, or the plain bytes.
func (w *Writer) put(lines []byte) error {
	if w.enc != nil {
		w.out = w.enc.EncodeAll(lines, w.out[:0])
		lines = w.out
	}
	_, err := w.f.Write(lines)
	return err
}

// Compressed reports whether the log is zstd frames (else plain lines).
func (w *Writer) Compressed() bool { return w.enc != nil }

// Close writes what is gathered and closes the file; closing again does nothing.
func (w *Writer) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	err := w.Flush()
	if w.enc != nil {
		_ = w.enc.Close()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// zstdDecoder returns a decoder of whole frames (DecodeAll) with bounded memory: a
// frame's window is at most two lines (2*MaxLine), and its text at most MaxFrameText.
func zstdDecoder() (*zstd.Decoder, error) {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
		zstd.WithDecoderMaxWindow(2*MaxLine), zstd.WithDecoderMaxMemory(MaxFrameText))
	if err != nil {
		return nil, fmt.Errorf("zstd: %w", err)
	}
	return d, nil
}

// MaxFrameText bounds the text of a frame of a compressed trial log: a frame a run
// writes holds about FrameBytes of lines and at most one line more (MaxLine), so more
// is not a frame of a trial log but damage.
const MaxFrameText = 2*MaxLine + 4<<20

// Reader reads the lines of a trial log, plain or compressed.
type Reader struct {
	path   string
	f      *os.File
	frames *Frames // nil for a plain log
	br     *bufio.Reader
	line   int // lines read
}

// Open opens the trial log at path (compressed when it ends in .zst). With skip, a
// compressed log's damaged stretches are skipped (and listed: damage) rather than an
// error.
func Open(path string, skip bool) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	lr := &Reader{path: path, f: f}
	var r io.Reader = f
	if IsZstd(path) {
		st, err := f.Stat()
		if err == nil {
			lr.frames, err = NewFrames(f, st.Size(), skip)
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		r = lr.frames
	}
	lr.br = bufio.NewReaderSize(r, 1<<16)
	return lr, nil
}

// Next returns the next line, its newline included, valid until the next call. At the
// end it returns io.EOF, with the last line when that has no newline. A compressed log
// whose data is damaged or cut short is an error (a *Damage) saying where.
func (lr *Reader) Next() ([]byte, error) {
	line, err := NextLine(lr.br)
	if err == nil || errors.Is(err, io.EOF) {
		if err == nil || len(line) > 0 {
			lr.line++
		}
		return line, err
	}
	lr.line++
	return nil, err
}

// Damage lists the damaged stretches skipped so far (Open with skip).
func (lr *Reader) Damage() []Damage {
	if lr.frames == nil {
		return nil
	}
	return lr.frames.damage
}

// Line is the number of lines read.
func (lr *Reader) Line() int { return lr.line }

// Close closes the log.
func (lr *Reader) Close() error {
	if lr.frames != nil {
		lr.frames.dec.Close()
	}
	return lr.f.Close()
}

// Damage is a stretch of a compressed trial log that is not whole frames that
// decode: from Off, N bytes, up to the next frame (or the end of the file).
type Damage struct {
	Off, N int64
	// Tail: the stretch runs to the end of the file; Cut: a last frame cut short (a
	// crash, a full disk); Zeros: its last bytes are zeros, Zeros of them (what a power
	// cut leaves on ext4: the file's size written, not its data).
	Tail, Cut bool
	Zeros     int64
	Err       error // why the frame at Off does not decode
}

// Error describes the damage.
func (d *Damage) Error() string {
	switch {
	case d.Tail && d.Zeros == d.N:
		return fmt.Sprintf("the log ends in %d bytes of zeros from byte %d (a power cut?)", d.N, d.Off)
	case d.Tail && d.Cut:
		return fmt.Sprintf("the last zstd frame is cut short (%d bytes from byte %d; a crash or a full disk?)", d.N, d.Off)
	case d.Tail && d.Zeros > 0:
		return fmt.Sprintf("the last zstd frame is cut short or zeroed (%d bytes from byte %d, the last %d of them zeros; a crash or a power cut?)", d.N, d.Off, d.Zeros)
	case d.Tail:
		return fmt.Sprintf("damaged zstd data at byte %d, to the end of the log (%d bytes): %v", d.Off, d.N, d.Err)
	}
	return fmt.Sprintf("damaged zstd data at byte %d (%d bytes, up to the next frame): %v", d.Off, d.N, d.Err)
}

// Frames reads the text of a compressed trial log frame by frame, each frame
// decoded whole and its checksum checked before any of its lines is read. A stretch
// that is not a frame that decodes is an error (a *Damage); with skip it is listed
// in damage instead and the reading goes on at the next frame's magic number, so that
// the lines of every intact frame are read.
type Frames struct {
	r      io.ReaderAt
	size   int64
	off    int64 // where the next frame starts
	dec    *zstd.Decoder
	skip   bool
	raw    []byte
	text   []byte
	pos    int // text[pos:] is unread
	damage []Damage
}

func NewFrames(r io.ReaderAt, size int64, skip bool) (*Frames, error) {
	dec, err := zstdDecoder()
	if err != nil {
		return nil, err
	}
	return &Frames{r: r, size: size, dec: dec, skip: skip}, nil
}

// Damage lists the damaged stretches skipped so far (NewFrames with skip).
func (z *Frames) Damage() []Damage { return z.damage }

// Close releases the frames' decoder.
func (z *Frames) Close() { z.dec.Close() }

// Read reads the frames' text.
func (z *Frames) Read(p []byte) (int, error) {
	for z.pos == len(z.text) {
		if z.off >= z.size {
			return 0, io.EOF
		}
		if err := z.nextFrame(); err != nil {
			return 0, err
		}
	}
	n := copy(p, z.text[z.pos:])
	z.pos += n
	return n, nil
}

// nextFrame decodes the frame at z.off into z.text, or handles the damage there.
func (z *Frames) nextFrame() error {
	z.text, z.pos = z.text[:0], 0
	end, err := frameAt(z.r, z.off, z.size)
	if err == nil && end-z.off > MaxFrameText {
		err = fmt.Errorf("a frame of %d bytes, more than a trial log's", end-z.off)
	}
	if err == nil {
		z.raw = slices.Grow(z.raw[:0], int(end-z.off))[:end-z.off]
		if _, err = z.r.ReadAt(z.raw, z.off); err == nil {
			if z.text, err = z.dec.DecodeAll(z.raw, z.text[:0]); err != nil {
				err = fmt.Errorf("the frame does not decode (%w)", err)
			}
		}
	}
	if err == nil {
		z.off = end
		return nil
	}
	z.text = z.text[:0] // nothing of a frame that does not decode is read
	d, err := z.damaged(err)
	if err != nil {
		return err
	}
	if !z.skip {
		return d
	}
	z.damage = append(z.damage, *d)
	z.off += d.N
	return nil
}

// damaged describes the damage at z.off (the frame there failed with why): up to the
// next frame's magic number, or to the end of the file.
func (z *Frames) damaged(why error) (*Damage, error) {
	next, err := NextMagic(z.r, z.off+1, z.size)
	if err != nil {
		return nil, err
	}
	d := &Damage{Off: z.off, N: next - z.off, Tail: next == z.size, Cut: errors.Is(why, errCutFrame), Err: why}
	if d.Tail {
		if d.Zeros, err = TrailingZeros(z.r, z.off, z.size); err != nil {
			return nil, err
		}
		if d.Zeros < minZeroRun && d.Zeros < d.N {
			d.Zeros = 0 // a zero byte or two end compressed data by chance, not by a power cut
		}
	}
	return d, nil
}

// minZeroRun is the fewest zeros ending a damaged frame that mark it zeroed (a power cut
// zeroes whole blocks of the file; compressed data ends in a zero byte by chance).
const minZeroRun = 16

// NextMagic returns where the next zstd frame's magic number is in r from off (size
// when there is none).
func NextMagic(r io.ReaderAt, off, size int64) (int64, error) {
	var magic [4]byte
	binary.LittleEndian.PutUint32(magic[:], zstdMagic)
	buf := make([]byte, 64<<10)
	for p := off; p < size; p += int64(len(buf)) - 3 { // -3: a magic number across two reads
		n := int(min(int64(len(buf)), size-p))
		if _, err := r.ReadAt(buf[:n], p); err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		if i := bytes.Index(buf[:n], magic[:]); i >= 0 {
			return p + int64(i), nil
		}
		if p+int64(n) >= size {
			break
		}
	}
	return size, nil
}

// TrailingZeros counts the zero bytes that end r (size bytes), looking back no further
// than from.
func TrailingZeros(r io.ReaderAt, from, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	end := size
	for end > from {
		n := min(int64(len(buf)), end-from)
		if _, err := r.ReadAt(buf[:n], end-n); err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		if k := len(bytes.TrimRight(buf[:n], "\x00")); k > 0 {
			return size - (end - n + int64(k)), nil
		}
		end -= n
	}
	return size - from, nil
}

// errCutFrame is the error of a frame that runs past the end of the file.
var errCutFrame = errors.New("the frame runs past the end of the log")

// frameAt returns where the zstd frame starting at off in r (size bytes) ends, reading
// only its headers.
func frameAt(r io.ReaderAt, off, size int64) (int64, error) {
	p := off
	var buf [4]byte
	read := func(n int) ([]byte, error) {
		if p+int64(n) > size {
			return nil, errCutFrame
		}
		if _, err := r.ReadAt(buf[:n], p); err != nil {
			return nil, err
		}
		p += int64(n)
		return buf[:n], nil
	}
	skip := func(n int64) error {
		if p+n > size {
			return errCutFrame
		}
		p += n
		return nil
	}
	return zstdFrame(off, read, skip)
}

// The magic numbers of zstd frames (little-endian): data frames, and skippable frames
// (0x184D2A50..0x184D2A5F), which carry no data for us.
const (
	zstdMagic      = 0xFD2FB528
	zstdSkipMagic  = 0x184D2A50
	zstdSkipMask   = 0xFFFFFFF0
	zstdBlockLimit = 128 << 10 // a block's largest size
)

// FramesEnd walks the frames of the zstd stream r (size bytes) without decoding them
// and returns where the last whole frame ends: size for a stream of whole frames, less
// when the last frame is cut short (by a crash or a full disk). Bytes that are not a
// frame where one should start are an error.
func FramesEnd(r io.ReaderAt, size int64) (int64, error) {
	return WalkFrames(r, size, nil)
}

// WalkFrames is FramesEnd calling each (when not nil) with the end of each whole
// frame.
func WalkFrames(r io.ReaderAt, size int64, each func(end int64)) (int64, error) {
	sr := io.NewSectionReader(r, 0, size)
	br := bufio.NewReaderSize(sr, 1<<16)
	var off int64 // where the current frame starts
	var buf [4]byte
	cut := errors.New("cut")
	read := func(n int) ([]byte, error) {
		if _, err := io.ReadFull(br, buf[:n]); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, cut
			}
			return nil, err
		}
		return buf[:n], nil
	}
	skip := func(n int64) error {
		got, err := br.Discard(int(n))
		if int64(got) < n {
			if err == nil || errors.Is(err, io.EOF) {
				return cut
			}
			return err
		}
		return nil
	}
	for off < size {
		end, err := zstdFrame(off, read, skip)
		if errors.Is(err, cut) {
			return off, nil
		}
		if err != nil {
			return off, err
		}
		off = end
		if each != nil {
			each(end)
		}
	}
	return off, nil
}

// zstdFrame reads past one frame starting at off and returns where it ends.
func zstdFrame(off int64, read func(int) ([]byte, error), skip func(int64) error) (int64, error) {
	p := off
	b, err := read(4)
	if err != nil {
		return off, err
	}
	p += 4
	magic := binary.LittleEndian.Uint32(b)
	if magic&zstdSkipMask == zstdSkipMagic {
		if b, err = read(4); err != nil {
			return off, err
		}
		n := int64(binary.LittleEndian.Uint32(b))
		if err := skip(n); err != nil {
			return off, err
		}
		return p + 4 + n, nil
	}
	if magic != zstdMagic {
		return off, fmt.Errorf("byte %d: not a zstd frame (magic %08x)", off, magic)
	}
	if b, err = read(1); err != nil {
		return off, err
	}
	fhd := b[0]
	p++
	if fhd&0x08 != 0 {
		return off, fmt.Errorf("byte %d: zstd frame header with the reserved bit set", off)
	}
	hdr := int64([]int{0, 1, 2, 4}[fhd&3]) // dictionary ID
	single := fhd&0x20 != 0
	if !single {
		hdr++ // window descriptor
	}
	switch fcs := fhd >> 6; {
	case fcs == 0 && single:
		hdr++
	case fcs == 1:
		hdr += 2
	case fcs == 2:
		hdr += 4
	case fcs == 3:
		hdr += 8
	}
	if err := skip(hdr); err != nil {
		return off, err
	}
	p += hdr
	for {
		if b, err = read(3); err != nil {
			return off, err
		}
		p += 3
		h := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
		last, typ, n := h&1 != 0, (h>>1)&3, int64(h>>3)
		switch typ {
		case 1: // RLE: one byte repeated
			n = 1
		case 3:
			return off, fmt.Errorf("byte %d: zstd block of the reserved type", p-3)
		}
		if n > zstdBlockLimit {
			return off, fmt.Errorf("byte %d: zstd block of %d bytes (at most %d)", p-3, n, zstdBlockLimit)
		}
		if err := skip(n); err != nil {
			return off, err
		}
		p += n
		if last {
			break
		}
	}
	if fhd&0x04 != 0 { // content checksum
		if err := skip(4); err != nil {
			return off, err
		}
		p += 4
	}
	return p, nil
}
