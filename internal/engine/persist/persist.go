// Package persist is the fake's data directory: an append-only log of
// records, fsynced once per request as OpenSearch's translog is by default
// (index.translog.durability: request), plus snapshots of the whole state
// written to a temporary file, fsynced and renamed into place.
//
// Files are numbered by generation: snapshot-<g>.json holds the state when
// log-<g> was started, and log-<g> the records after it. Opening a directory
// loads the newest snapshot that reads back whole and returns the records
// of every log from that generation on. A record is framed as a 4-byte
// length, a 4-byte CRC-32C and the payload; a torn tail (a crash in the
// middle of a write) fails its length or checksum and is cut off.
package persist

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maxRecord bounds one record (a bulk request's documents fit well below).
const maxRecord = 512 << 20

// Dir is an open data directory. It is safe for concurrent use.
type Dir struct {
	path string

	mu  sync.Mutex
	gen int
	log *os.File
	buf []byte // framed records not yet written
}

// Loaded is what a directory held when opened.
type Loaded struct {
	// Snapshot is the newest whole snapshot (nil when there is none).
	Snapshot []byte
	// Records are the payloads logged after it, in order.
	Records [][]byte
	// Dropped counts the bytes of torn log tails that were cut off.
	Dropped int64
}

// Open opens (creating it if needed) the data directory at path.
func Open(path string) (*Dir, *Loaded, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, nil, fmt.Errorf("persist: %w", err)
	}
	snaps, logs, err := scan(path)
	if err != nil {
		return nil, nil, err
	}
	out := &Loaded{}
	base := 0
	for i := len(snaps) - 1; i >= 0; i-- {
		data, err := os.ReadFile(filepath.Join(path, snapName(snaps[i])))
		if err != nil {
			return nil, nil, fmt.Errorf("persist: %w", err)
		}
		if body, ok := unframe(data); ok {
			out.Snapshot, base = body, snaps[i]
			break
		}
	}
	gen := base
	for _, g := range logs {
		if g < base {
			continue
		}
		recs, good, size, err := readLog(filepath.Join(path, logName(g)))
		if err != nil {
			return nil, nil, err
		}
		if good < size {
			out.Dropped += size - good
			if err := os.Truncate(filepath.Join(path, logName(g)), good); err != nil {
				return nil, nil, fmt.Errorf("persist: cutting a torn log tail: %w", err)
			}
		}
		out.Records = append(out.Records, recs...)
		gen = max(gen, g)
	}
	d := &Dir{path: path, gen: gen}
	f, err := os.OpenFile(filepath.Join(path, logName(gen)), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("persist: %w", err)
	}
	d.log = f
	if err := syncDir(path); err != nil {
		f.Close()
		return nil, nil, err
	}
	return d, out, nil
}

// Append queues a record; Sync writes and fsyncs the queue.
func (d *Dir) Append(payload []byte) {
	d.mu.Lock()
	d.buf = frame(d.buf, payload)
	d.mu.Unlock()
}

// Sync writes the queued records and fsyncs the log, so they survive a
// crash once it returns.
func (d *Dir) Sync() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.flushLocked()
}

func (d *Dir) flushLocked() error {
	if d.log == nil {
		return errors.New("persist: the data directory is closed")
	}
	if len(d.buf) == 0 {
		return nil
	}
	if _, err := d.log.Write(d.buf); err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	d.buf = d.buf[:0]
	if err := d.log.Sync(); err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	return nil
}

// Rotate starts a new log generation and returns a function that stores
// snapshot as the state at the rotation. The caller rotates while no record
// can be added (holding its own write lock), then writes the snapshot
// without blocking writers. Older files are removed once the snapshot is
// in place.
func (d *Dir) Rotate() (writeSnapshot func(snapshot []byte) error, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.flushLocked(); err != nil {
		return nil, err
	}
	gen := d.gen + 1
	f, err := os.OpenFile(filepath.Join(d.path, logName(gen)), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("persist: %w", err)
	}
	if err := syncDir(d.path); err != nil {
		f.Close()
		return nil, err
	}
	old := d.log
	d.log, d.gen = f, gen
	if err := old.Close(); err != nil {
		return nil, fmt.Errorf("persist: %w", err)
	}
	return func(snapshot []byte) error { return d.writeSnapshot(gen, snapshot) }, nil
}

func (d *Dir) writeSnapshot(gen int, snapshot []byte) error {
	final := filepath.Join(d.path, snapName(gen))
	tmp := final + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	if _, err := f.Write(frame(nil, snapshot)); err != nil {
		f.Close()
		return fmt.Errorf("persist: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("persist: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	if err := os.Rename(tmp, final); err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	if err := syncDir(d.path); err != nil {
		return err
	}
	// Everything before this generation is now covered by the snapshot.
	snaps, logs, err := scan(d.path)
	if err != nil {
		return err
	}
	for _, g := range snaps {
		if g < gen {
			_ = os.Remove(filepath.Join(d.path, snapName(g)))
		}
	}
	for _, g := range logs {
		if g < gen {
			_ = os.Remove(filepath.Join(d.path, logName(g)))
		}
	}
	return nil
}

// Close writes what is queued and closes the log.
func (d *Dir) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.log == nil {
		return nil
	}
	err := d.flushLocked()
	if cerr := d.log.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("persist: %w", cerr)
	}
	d.log = nil
	return err
}

// Path returns the directory.
func (d *Dir) Path() string { return d.path }

func logName(g int) string  { return fmt.Sprintf("log-%08d", g) }
func snapName(g int) string { return fmt.Sprintf("snapshot-%08d.json", g) }

// scan lists the snapshot and log generations present, ascending.
func scan(path string) (snaps, logs []int, err error) {
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, nil, fmt.Errorf("persist: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		if s, ok := strings.CutPrefix(name, "log-"); ok {
			if g, err := strconv.Atoi(s); err == nil {
				logs = append(logs, g)
			}
		} else if s, ok := strings.CutPrefix(name, "snapshot-"); ok {
			if s, ok := strings.CutSuffix(s, ".json"); ok {
				if g, err := strconv.Atoi(s); err == nil {
					snaps = append(snaps, g)
				}
			}
		}
	}
	sort.Ints(snaps)
	sort.Ints(logs)
	return snaps, logs, nil
}

// frame appends one framed record to dst.
func frame(dst, payload []byte) []byte {
	var h [8]byte
	binary.LittleEndian.PutUint32(h[:4], uint32(len(payload)))
	binary.LittleEndian.PutUint32(h[4:], crc32.Checksum(payload, castagnoli))
	return append(append(dst, h[:]...), payload...)
}

// unframe reads a single framed record making up all of data.
func unframe(data []byte) ([]byte, bool) {
	recs, good := Decode(data)
	if len(recs) != 1 || good != int64(len(data)) {
		return nil, false
	}
	return recs[0], true
}

// Decode reads framed records from data and returns them with the length
// of the prefix that holds whole, intact records.
func Decode(data []byte) (records [][]byte, good int64) {
	off := 0
	for len(data)-off >= 8 {
		n := int(binary.LittleEndian.Uint32(data[off : off+4]))
		sum := binary.LittleEndian.Uint32(data[off+4 : off+8])
		if n > maxRecord || len(data)-off-8 < n {
			break
		}
		payload := data[off+8 : off+8+n]
		if crc32.Checksum(payload, castagnoli) != sum {
			break
		}
		records = append(records, payload)
		off += 8 + n
	}
	return records, int64(off)
}

func readLog(path string) (records [][]byte, good, size int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("persist: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("persist: %w", err)
	}
	records, good = Decode(data)
	return records, good, int64(len(data)), nil
}

func syncDir(path string) error {
	d, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("persist: syncing the directory: %w", err)
	}
	return nil
}
