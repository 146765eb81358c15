package experiments

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"
)

// TrialsZstdFile is the trial log compressed with zstd: the lines of trials.jsonl as a
// stream of independent zstd frames, each holding whole lines. It is what a run
// writes unless asked for a plain log; every reader takes either.
const TrialsZstdFile = TrialsFile + ".zst"

// LogFormat is the format of a trial log: LogZstd (the default) or LogPlain.
type LogFormat string

// The trial log formats.
const (
	LogZstd  LogFormat = "zstd"  // trials.jsonl.zst: zstd frames of JSON lines
	LogPlain LogFormat = "plain" // trials.jsonl: JSON lines
)

// ParseLogFormat reads a trial log format: zstd or plain ("" is zstd).
func ParseLogFormat(s string) (LogFormat, error) {
	switch LogFormat(strings.ToLower(strings.TrimSpace(s))) {
	case LogZstd, "", "zst":
		return LogZstd, nil
	case LogPlain, "jsonl":
		return LogPlain, nil
	}
	return "", fmt.Errorf("trial log format %q unknown (want zstd or plain)", s)
}

// File is the name of the trial log in this format.
func (f LogFormat) File() string {
	if f == LogPlain {
		return TrialsFile
	}
	return TrialsZstdFile
}

// isZstdLog reports whether path names a compressed trial log.
func isZstdLog(path string) bool { return strings.HasSuffix(path, ".zst") }

// TrialLog returns the path of dir's trial log, trials.jsonl.zst or trials.jsonl. With
// neither the error wraps fs.ErrNotExist; with both (which no run writes) it is an
// error naming them.
func TrialLog(dir string) (string, error) {
	var found []string
	for _, name := range []string{TrialsZstdFile, TrialsFile} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			found = append(found, p)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	switch len(found) {
	case 0:
		return "", &noLogError{fmt.Sprintf("%s: no trial log (%s or %s)", dir, TrialsZstdFile, TrialsFile)}
	case 1:
		return found[0], nil
	}
	return "", fmt.Errorf("%s holds two trial logs, %s and %s: keep one (remove the other, or decompress with `zstd -d` into a fresh directory)", dir, TrialsZstdFile, TrialsFile)
}

// noLogError is the error of a directory without a trial log: it wraps fs.ErrNotExist.
type noLogError struct{ msg string }

func (e *noLogError) Error() string { return e.msg }
func (e *noLogError) Unwrap() error { return fs.ErrNotExist }

// RemoveTrialLogs removes dir's trial logs (either format; none is fine).
func RemoveTrialLogs(dir string) error {
	for _, name := range []string{TrialsZstdFile, TrialsFile} {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// The frames of a compressed log: a frame is written once frameBytes of lines are
// gathered, or once lines have waited frameEvery (a run killed outright loses at most
// those: the frames written are whole). With a worker on every core, a worker
// compresses a batch of trials itself when its lines come to workerFrame bytes or more
// (short games, where the log is written fastest), so that compression runs on every
// core rather than on the collector's alone. Variables for the tests.
var (
	frameBytes  = 1 << 20
	frameEvery  = 2 * time.Second
	workerFrame = 64 << 10
)

// logWriter appends whole lines to a trial log: as they come for a plain log, or
// gathered into zstd frames of about frameBytes.
type logWriter struct {
	f      *os.File
	enc    *zstd.Encoder // nil for a plain log
	frame  int           // bytes gathered before a write
	pend   []byte
	since  time.Time // when the first line of pend came
	out    []byte
	closed bool
}

// newLogWriter writes the log f in format; frame is the bytes gathered before a write
// (0: every write goes out at once; a compressed log uses frameBytes whatever it is).
// Up to encoders goroutines may compress at once (compress, from the workers): each
// holds about 2.5 MB (a window of a MiB, a frame's size, and the encoder's low-memory
// tables: the same ratio and speed on trial logs as the defaults' 18 MB).
func newLogWriter(f *os.File, format LogFormat, frame, encoders int) (*logWriter, error) {
	w := &logWriter{f: f, frame: frame}
	if format != LogPlain {
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault),
			zstd.WithEncoderConcurrency(max(1, encoders)), zstd.WithEncoderCRC(true),
			zstd.WithWindowSize(1<<20), zstd.WithLowerEncoderMem(true))
		if err != nil {
			return nil, fmt.Errorf("zstd: %w", err)
		}
		w.enc, w.frame = enc, frameBytes
	}
	return w, nil
}

// write adds whole lines.
func (w *logWriter) write(lines []byte) error {
	if len(w.pend) == 0 && len(lines) >= w.frame {
		return w.put(lines)
	}
	if len(w.pend) == 0 {
		w.since = time.Now()
	}
	w.pend = append(w.pend, lines...)
	if len(w.pend) >= w.frame {
		return w.flush()
	}
	return nil
}

// compress returns lines (whole lines) compressed as one zstd frame appended to dst,
// for writeFrame; it may be called from any goroutine.
func (w *logWriter) compress(lines, dst []byte) []byte {
	return w.enc.EncodeAll(lines, dst)
}

// writeFrame writes a frame from compress.
func (w *logWriter) writeFrame(frame []byte) error {
	_, err := w.f.Write(frame)
	return err
}

// due reports whether lines have waited frameEvery.
func (w *logWriter) due(now time.Time) bool {
	return len(w.pend) > 0 && now.Sub(w.since) >= frameEvery
}

// flush writes the lines gathered.
func (w *logWriter) flush() error {
	if len(w.pend) == 0 {
		return nil
	}
	err := w.put(w.pend)
	w.pend = w.pend[:0]
	return err
}

// put writes lines as one write: a zstd frame, or the plain bytes.
func (w *logWriter) put(lines []byte) error {
	if w.enc != nil {
		w.out = w.enc.EncodeAll(lines, w.out[:0])
		lines = w.out
	}
	_, err := w.f.Write(lines)
	return err
}

// Close writes what is gathered and closes the file; closing again does nothing.
func (w *logWriter) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	err := w.flush()
	if w.enc != nil {
		_ = w.enc.Close()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// zstdDecoder returns a decoder of whole frames (DecodeAll) with bounded memory: a
// frame's window is at most two lines (2*maxLine), and its text at most maxFrameText.
func zstdDecoder() (*zstd.Decoder, error) {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
		zstd.WithDecoderMaxWindow(2*maxLine), zstd.WithDecoderMaxMemory(maxFrameText))
	if err != nil {
		return nil, fmt.Errorf("zstd: %w", err)
	}
	return d, nil
}

// maxFrameText bounds the text of a frame of a compressed trial log: a frame a run
// writes holds about frameBytes of lines and at most one line more (maxLine), so more
// is not a frame of a trial log but damage.
const maxFrameText = 2*maxLine + 4<<20

// logReader reads the lines of a trial log, plain or compressed.
type logReader struct {
	path   string
	f      *os.File
	frames *zstdFrames // nil for a plain log
	br     *bufio.Reader
	line   int // lines read
}

// openLog opens the trial log at path (compressed when it ends in .zst). With skip, a
// compressed log's damaged stretches are skipped (and listed: damage) rather than an
// error.
func openLog(path string, skip bool) (*logReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	lr := &logReader{path: path, f: f}
	var r io.Reader = f
	if isZstdLog(path) {
		st, err := f.Stat()
		if err == nil {
			lr.frames, err = newZstdFrames(f, st.Size(), skip)
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

// next returns the next line, its newline included, valid until the next call. At the
// end it returns io.EOF, with the last line when that has no newline. A compressed log
// whose data is damaged or cut short is an error (a *logDamage) saying where.
func (lr *logReader) next() ([]byte, error) {
	line, err := nextLine(lr.br)
	if err == nil || errors.Is(err, io.EOF) {
		if err == nil || len(line) > 0 {
			lr.line++
		}
		return line, err
	}
	lr.line++
	return nil, err
}

// damage lists the damaged stretches skipped so far (openLog with skip).
func (lr *logReader) damage() []logDamage {
	if lr.frames == nil {
		return nil
	}
	return lr.frames.damage
}

// Close closes the log.
func (lr *logReader) Close() error {
	if lr.frames != nil {
		lr.frames.dec.Close()
	}
	return lr.f.Close()
}

// logDamage is a stretch of a compressed trial log that is not whole frames that
// decode: from Off, N bytes, up to the next frame (or the end of the file).
type logDamage struct {
	Off, N int64
	// Tail: the stretch runs to the end of the file; Cut: a last frame cut short (a
	// crash, a full disk); Zeros: its last bytes are zeros, Zeros of them (what a power
	// cut leaves on ext4: the file's size written, not its data).
	Tail, Cut bool
	Zeros     int64
	err       error // why the frame at Off does not decode
}

// Error describes the damage.
func (d *logDamage) Error() string {
	switch {
	case d.Tail && d.Zeros == d.N:
		return fmt.Sprintf("the log ends in %d bytes of zeros from byte %d (a power cut?)", d.N, d.Off)
	case d.Tail && d.Cut:
		return fmt.Sprintf("the last zstd frame is cut short (%d bytes from byte %d; a crash or a full disk?)", d.N, d.Off)
	case d.Tail && d.Zeros > 0:
		return fmt.Sprintf("the last zstd frame is cut short or zeroed (%d bytes from byte %d, the last %d of them zeros; a crash or a power cut?)", d.N, d.Off, d.Zeros)
	case d.Tail:
		return fmt.Sprintf("damaged zstd data at byte %d, to the end of the log (%d bytes): %v", d.Off, d.N, d.err)
	}
	return fmt.Sprintf("damaged zstd data at byte %d (%d bytes, up to the next frame): %v", d.Off, d.N, d.err)
}

// zstdFrames reads the text of a compressed trial log frame by frame, each frame
// decoded whole and its checksum checked before any of its lines is read. A stretch
// that is not a frame that decodes is an error (a *logDamage); with skip it is listed
// in damage instead and the reading goes on at the next frame's magic number, so that
// the lines of every intact frame are read.
type zstdFrames struct {
	r      io.ReaderAt
	size   int64
	off    int64 // where the next frame starts
	dec    *zstd.Decoder
	skip   bool
	raw    []byte
	text   []byte
	pos    int // text[pos:] is unread
	damage []logDamage
}

func newZstdFrames(r io.ReaderAt, size int64, skip bool) (*zstdFrames, error) {
	dec, err := zstdDecoder()
	if err != nil {
		return nil, err
	}
	return &zstdFrames{r: r, size: size, dec: dec, skip: skip}, nil
}

// Read reads the frames' text.
func (z *zstdFrames) Read(p []byte) (int, error) {
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
func (z *zstdFrames) nextFrame() error {
	z.text, z.pos = z.text[:0], 0
	end, err := frameAt(z.r, z.off, z.size)
	if err == nil && end-z.off > maxFrameText {
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
func (z *zstdFrames) damaged(why error) (*logDamage, error) {
	next, err := nextMagic(z.r, z.off+1, z.size)
	if err != nil {
		return nil, err
	}
	d := &logDamage{Off: z.off, N: next - z.off, Tail: next == z.size, Cut: errors.Is(why, errCutFrame), err: why}
	if d.Tail {
		if d.Zeros, err = trailingZeros(z.r, z.off, z.size); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// nextMagic returns where the next zstd frame's magic number is in r from off (size
// when there is none).
func nextMagic(r io.ReaderAt, off, size int64) (int64, error) {
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

// trailingZeros counts the zero bytes that end r (size bytes), looking back no further
// than from.
func trailingZeros(r io.ReaderAt, from, size int64) (int64, error) {
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

// zstdFramesEnd walks the frames of the zstd stream r (size bytes) without decoding them
// and returns where the last whole frame ends: size for a stream of whole frames, less
// when the last frame is cut short (by a crash or a full disk). Bytes that are not a
// frame where one should start are an error.
func zstdFramesEnd(r io.ReaderAt, size int64) (int64, error) {
	return walkZstdFrames(r, size, nil)
}

// walkZstdFrames is zstdFramesEnd calling each (when not nil) with the end of each whole
// frame.
func walkZstdFrames(r io.ReaderAt, size int64, each func(end int64)) (int64, error) {
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

// trialLogs returns the trial logs of dir: its own, or else those of its shard
// directories.
func trialLogs(dir string) ([]string, error) {
	p, err := TrialLog(dir)
	if err == nil {
		return []string{p}, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	subs, _ := filepath.Glob(filepath.Join(dir, "shard-*-of-*"))
	var paths []string
	for _, s := range subs {
		p, err := TrialLog(s)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	if len(paths) == 0 {
		return nil, &noLogError{fmt.Sprintf("%s: no trial log (%s or %s): the run kept none (output.trials: false)", dir, TrialsZstdFile, TrialsFile)}
	}
	return paths, nil
}

// ReadTrials calls fn with each record of dir's trial log (or, when dir has none, of its
// shard directories' logs, one after the other), in the order they were logged, plain
// or compressed. The record is reused from call to call. An error from fn stops the
// reading and is returned.
func ReadTrials(dir string, fn func(*Record) error) error {
	paths, err := trialLogs(dir)
	if err != nil {
		return err
	}
	var rec Record
	for _, p := range paths {
		if err := eachLine(p, func(line []byte, n int) error {
			rec = Record{}
			if err := json.Unmarshal(line, &rec); err != nil {
				return fmt.Errorf("%s:%d: %w", p, n, err)
			}
			return fn(&rec)
		}); err != nil {
			return err
		}
	}
	return nil
}

// findTrials calls fn with the record of each trial of want (trial -> cell, emptied as
// they are found) in dir's trial log (or its shard directories'), decoding only their
// lines and reading only until every one is found.
func findTrials(dir string, want map[int]int, fn func(cell int, rec *Record)) error {
	if len(want) == 0 {
		return nil
	}
	paths, err := trialLogs(dir)
	if err != nil {
		return err
	}
	left := len(want)
	prefix := []byte(`{"trial":`)
	for _, p := range paths {
		err := eachLine(p, func(line []byte, n int) error {
			if !bytes.HasPrefix(line, prefix) {
				return nil
			}
			digits := line[len(prefix):]
			if end := bytes.IndexByte(digits, ','); end > 0 {
				digits = digits[:end]
			}
			t, err := strconv.Atoi(string(digits))
			if err != nil {
				return nil // not a line of ours; the record check is the readers'
			}
			c, ok := want[t]
			if !ok {
				return nil
			}
			rec := &Record{}
			if err := json.Unmarshal(line, rec); err != nil {
				return fmt.Errorf("%s:%d: %w", p, n, err)
			}
			fn(c, rec)
			delete(want, t)
			if left--; left == 0 {
				return errAllFound
			}
			return nil
		})
		if errors.Is(err, errAllFound) {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// errAllFound stops reading the trial log: every trial looked for is found.
var errAllFound = errors.New("every trial looked for is found")

// eachLine calls fn with each whole line of the trial log at path and its number. A
// last line cut short is an error.
func eachLine(path string, fn func(line []byte, n int) error) error {
	lr, err := openLog(path, false)
	if err != nil {
		return err
	}
	defer lr.Close()
	for {
		line, err := lr.next()
		if errors.Is(err, io.EOF) {
			if len(bytes.TrimSpace(line)) > 0 {
				return fmt.Errorf("%s:%d: the last line is cut short (%d bytes, no newline)", path, lr.line, len(line))
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %w", path, lr.line, err)
		}
		if err := fn(line, lr.line); err != nil {
			return err
		}
	}
}
