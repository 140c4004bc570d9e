// Package persist is the fake's data directory: an append-only log of
// records plus snapshots of the whole state.
//
// Files are numbered by generation: snapshot-<g>.json holds the state when
// log-<g> was started, and log-<g> the records after it. Every file starts
// with a header (a magic, its generation, a sequence number and their
// CRC-32C); every record carries its length, kind, sequence number, the
// CRC-32C of its payload and a CRC-32C of that header. Log records are
// numbered across the whole directory, a log ends with a record naming the
// next one, and a snapshot lists its parts and ends with a closing record,
// so a deleted, cut or damaged file is noticed, never read as a smaller
// state.
//
// Durability: Sync writes the queued records and fsyncs the log before it
// returns, so a record synced survives a process kill and a power loss.
// A record queued but not yet synced survives neither: it lives in this
// process's memory. The server syncs before it answers a request
// (index.translog.durability: request); records of indexes set to async
// are queued with AppendLazy and synced within their sync_interval.
//
// Opening reads the newest snapshot and every log from its generation on.
// The only damage repaired without being asked is an unfinished last write
// at the end of the newest log (a crash in the middle of a write that was
// never acknowledged): its bytes are copied to a side file and cut off.
// Anything else unreadable makes Open fail with a [CorruptError] naming
// each file, record and what is lost, unless [Options.Recover] is set;
// damaged files, and files this package did not write, are never changed
// or removed.
package persist

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Dir is an open data directory. It is safe for concurrent use.
type Dir struct {
	path string

	mu  sync.Mutex
	gen int // the generation of the log records go to
	// maxGen is the highest generation any file is named with (new files
	// go above it, never over a file already there).
	maxGen int
	seq    uint64 // the sequence number of the next record
	log    *os.File
	buf    []byte // framed records not yet written
	// urgent is set while buf holds a record Sync must make durable;
	// lazyBy is the earliest time a queued lazy record is due (zero: none).
	urgent bool
	lazyBy time.Time
	// owned are the files this package wrote or read whole: the only ones
	// it removes once a snapshot covers them.
	owned map[string]bool
}

// Open opens (creating it if needed) the data directory at path.
func Open(path string, opts Options) (*Dir, *Loaded, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, nil, fmt.Errorf("persist: %w", err)
	}
	l := &loader{path: path, opts: opts, owned: map[string]bool{}}
	if err := l.load(); err != nil {
		return nil, nil, err
	}
	if len(l.problems) > 0 && !opts.Recover {
		return nil, nil, &CorruptError{Dir: path, Problems: l.problems}
	}
	l.out.Problems = l.problems
	d := &Dir{path: path, maxGen: l.maxGen, owned: l.owned}
	next := l.seq
	if next < 0 {
		next = l.maxSeq + 1
	}
	d.seq = uint64(next)
	if l.tail != nil && len(l.problems) == 0 {
		if err := d.reopen(*l.tail, l.torn, &l.out); err != nil {
			return nil, nil, err
		}
	} else if err := d.startLog(); err != nil {
		return nil, nil, err
	}
	return d, &l.out, nil
}

// reopen appends to the newest log, first moving an unfinished last write
// (from offset torn on) into a side file.
func (d *Dir) reopen(f dirFile, torn int64, out *Loaded) error {
	full := filepath.Join(d.path, f.name)
	if torn >= 0 {
		data, err := os.ReadFile(full)
		if err != nil {
			return fmt.Errorf("persist: %w", err)
		}
		side, err := keepAside(d.path, fmt.Sprintf("%s.torn-%d", f.name, torn), data[torn:])
		if err != nil {
			return err
		}
		if err := syncDir(d.path); err != nil {
			return err
		}
		if err := os.Truncate(full, torn); err != nil {
			return fmt.Errorf("persist: cutting an unfinished write: %w", err)
		}
		out.Notes = append(out.Notes, fmt.Sprintf("%s: an unfinished write of %d bytes at byte %d was never acknowledged and is not replayed; its bytes are kept in %s",
			f.name, len(data)-int(torn), torn, side))
	}
	lf, err := os.OpenFile(full, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	if err := lf.Sync(); err != nil {
		lf.Close()
		return fmt.Errorf("persist: %w", err)
	}
	d.log, d.gen = lf, f.gen
	d.owned[f.name] = true
	return nil
}

// startLog creates the next generation's log (the caller holds mu or has
// not shared d yet) and makes it the one records go to.
func (d *Dir) startLog() error {
	gen := d.maxGen + 1
	name := logName(gen)
	f, err := os.OpenFile(filepath.Join(d.path, name), os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	if _, err := f.Write(fileHeader{magic: magicLog, gen: uint64(gen), seq: d.seq}.encode()); err != nil {
		f.Close()
		return fmt.Errorf("persist: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("persist: %w", err)
	}
	if err := syncDir(d.path); err != nil {
		f.Close()
		return err
	}
	d.log, d.gen, d.maxGen = f, gen, gen
	d.owned[name] = true
	return nil
}

// Append queues a record that the next Sync makes durable
// (index.translog.durability: request).
func (d *Dir) Append(payload []byte) {
	d.mu.Lock()
	d.buf = appendFrame(d.buf, kindData, d.seq, payload)
	d.seq++
	d.urgent = true
	d.mu.Unlock()
}

// AppendLazy queues a record that may wait up to within before it is
// written and fsynced (index.translog.durability: async): Sync leaves it
// queued unless a record queued with Append is waiting too, and SyncLazy
// writes it once due. Until then a crash loses it.
func (d *Dir) AppendLazy(payload []byte, within time.Duration) {
	d.mu.Lock()
	d.buf = appendFrame(d.buf, kindData, d.seq, payload)
	d.seq++
	if by := time.Now().Add(within); d.lazyBy.IsZero() || by.Before(d.lazyBy) {
		d.lazyBy = by
	}
	d.mu.Unlock()
}

// LazyDue returns when the oldest lazily queued record is due (zero when
// none waits).
func (d *Dir) LazyDue() time.Time {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.lazyBy
}

// Sync writes the queued records and fsyncs the log when a record queued
// with Append is among them, so they survive a crash once it returns.
// Records queued lazily alone stay queued.
func (d *Dir) Sync() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.urgent {
		return d.openErr()
	}
	return d.flushLocked()
}

// SyncAll writes and fsyncs every queued record, lazy ones included.
func (d *Dir) SyncAll() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.flushLocked()
}

func (d *Dir) openErr() error {
	if d.log == nil {
		return errors.New("persist: the data directory is closed")
	}
	return nil
}

func (d *Dir) flushLocked() error {
	if err := d.openErr(); err != nil {
		return err
	}
	if len(d.buf) == 0 {
		return nil
	}
	if _, err := d.log.Write(d.buf); err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	d.buf = d.buf[:0]
	d.urgent, d.lazyBy = false, time.Time{}
	if err := d.log.Sync(); err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	return nil
}

// Rotate starts a new log generation and returns a function that stores
// the snapshot, given as named parts, as the state at the rotation. The
// caller rotates while no record can be added (holding its own write
// lock), then writes the snapshot without blocking writers. Older files
// this package wrote or read whole are removed once the snapshot is in
// place.
func (d *Dir) Rotate() (writeSnapshot func(names []string, parts [][]byte) error, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.flushLocked(); err != nil {
		return nil, err
	}
	old := d.log
	if err := d.startLog(); err != nil {
		return nil, err
	}
	// The old log names its successor only once the successor is on disk,
	// so a log named and missing was removed.
	gen, seq := d.gen, d.seq
	var next [8]byte
	for i := range next {
		next[i] = byte(uint64(gen) >> (8 * i))
	}
	_, werr := old.Write(appendFrame(nil, kindRotate, seq, next[:]))
	if werr == nil {
		werr = old.Sync()
	}
	if cerr := old.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return nil, fmt.Errorf("persist: closing the previous log: %w", werr)
	}
	return func(names []string, parts [][]byte) error { return d.writeSnapshot(gen, seq, names, parts) }, nil
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

// keepAside writes data to a new file named name (or name.1, name.2...
// when taken by other bytes: a crash between this and the cut leaves the
// same bytes under name) and returns the name used.
func keepAside(dir, name string, data []byte) (string, error) {
	for i := 0; i < 100; i++ {
		try := name
		if i > 0 {
			try = fmt.Sprintf("%s.%d", name, i)
		}
		old, err := os.ReadFile(filepath.Join(dir, try))
		if err == nil && bytes.Equal(old, data) {
			return try, nil
		}
		if os.IsNotExist(err) {
			return try, writeSynced(filepath.Join(dir, try), data)
		}
	}
	return "", fmt.Errorf("persist: no free name to keep %s aside", name)
}

func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("persist: %w", err)
	}
	if _, err := f.Write(data); err != nil {
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
	return nil
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
