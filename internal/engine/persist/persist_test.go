package persist

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"
)

func strs(recs [][]byte) []string {
	var out []string
	for _, r := range recs {
		out = append(out, string(r))
	}
	return out
}

func mustOpen(t *testing.T, dir string, opts Options) (*Dir, *Loaded) {
	t.Helper()
	d, l, err := Open(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	return d, l
}

func appendSync(t *testing.T, d *Dir, recs ...string) {
	t.Helper()
	for _, r := range recs {
		d.Append([]byte(r))
	}
	if err := d.Sync(); err != nil {
		t.Fatal(err)
	}
}

func TestLogSnapshotAndReopen(t *testing.T) {
	dir := t.TempDir()
	d, l := mustOpen(t, dir, Options{})
	if l.Snapshot != nil || len(l.Records) != 0 {
		t.Fatalf("fresh directory loaded %+v", l)
	}
	appendSync(t, d, `{"a":1}`, `{"a":2}`)
	write, err := d.Rotate()
	if err != nil {
		t.Fatal(err)
	}
	appendSync(t, d, `{"a":3}`)
	if err := write([]string{"first", "second"}, [][]byte{[]byte(`{"p":1}`), []byte(`{"p":2}`)}); err != nil {
		t.Fatal(err)
	}
	d.Append([]byte(`{"a":4}`)) // queued, written by Close
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	d2, l2 := mustOpen(t, dir, Options{})
	defer d2.Close()
	if !reflect.DeepEqual(strs(l2.Snapshot), []string{`{"p":1}`, `{"p":2}`}) || !reflect.DeepEqual(l2.Parts, []string{"first", "second"}) ||
		!reflect.DeepEqual(strs(l2.Records), []string{`{"a":3}`, `{"a":4}`}) || len(l2.Notes) != 0 {
		t.Fatalf("reopened: %+v", l2)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(names) != 2 {
		t.Errorf("files after the snapshot: %v (older generations must go)", names)
	}
}

func TestUnfinishedWriteIsCutAndKept(t *testing.T) {
	whole := appendFrame(nil, kindData, 1, []byte(`{"half":"written"}`))
	for name, tail := range map[string][]byte{
		"partial header":  whole[:10],
		"partial payload": whole[:len(whole)-3],
		"zero blocks":     make([]byte, 4096),
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			d, _ := mustOpen(t, dir, Options{})
			appendSync(t, d, `{"ok":1}`)
			d.Close()
			logPath := filepath.Join(dir, logName(0))
			good, _ := os.ReadFile(logPath)
			if err := os.WriteFile(logPath, append(append([]byte{}, good...), tail...), 0o644); err != nil {
				t.Fatal(err)
			}
			d, l := mustOpen(t, dir, Options{})
			if !reflect.DeepEqual(strs(l.Records), []string{`{"ok":1}`}) || len(l.Notes) != 1 {
				t.Fatalf("records %q notes %q", strs(l.Records), l.Notes)
			}
			// The cut bytes are kept aside, byte for byte.
			side, err := os.ReadFile(filepath.Join(dir, logName(0)+".torn-"+strconv.Itoa(len(good))))
			if err != nil || !bytes.Equal(side, tail) {
				t.Errorf("side file: %v (%d bytes, want %d)", err, len(side), len(tail))
			}
			// The cut log takes new records after the last good one.
			appendSync(t, d, `{"next":2}`)
			d.Close()
			d, l = mustOpen(t, dir, Options{})
			d.Close()
			if !reflect.DeepEqual(strs(l.Records), []string{`{"ok":1}`, `{"next":2}`}) || len(l.Notes) != 0 {
				t.Errorf("after the cut: %q %q", strs(l.Records), l.Notes)
			}
		})
	}
}

func TestSnapshotWrittenHalfwayIsIgnored(t *testing.T) {
	dir := t.TempDir()
	d, _ := mustOpen(t, dir, Options{})
	appendSync(t, d, "r0")
	if _, err := d.Rotate(); err != nil {
		t.Fatal(err)
	}
	appendSync(t, d, "r1")
	d.Close()
	// A crash before the snapshot was renamed leaves only its temporary file.
	if err := os.WriteFile(filepath.Join(dir, snapName(1)+".tmp"), []byte("partial"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, l := mustOpen(t, dir, Options{})
	d.Close()
	if l.Snapshot != nil || !reflect.DeepEqual(strs(l.Records), []string{"r0", "r1"}) {
		t.Errorf("snapshot %q records %q", l.Snapshot, strs(l.Records))
	}
}

// legacyFrame is a format-1 record.
func legacyFrame(dst, payload []byte) []byte {
	var h [8]byte
	binary.LittleEndian.PutUint32(h[:4], uint32(len(payload)))
	binary.LittleEndian.PutUint32(h[4:], crc32.Checksum(payload, castagnoli))
	return append(append(dst, h[:]...), payload...)
}

func TestLegacyDirectoryIsReadAndRewritten(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "snapshot-00000003.json"), legacyFrame(nil, []byte(`{"state":1}`)), 0o644); err != nil {
		t.Fatal(err)
	}
	log := legacyFrame(legacyFrame(nil, []byte(`{"op":"a"}`)), []byte(`{"op":"b"}`))
	if err := os.WriteFile(filepath.Join(dir, "log-00000003"), log, 0o644); err != nil {
		t.Fatal(err)
	}
	d, l := mustOpen(t, dir, Options{})
	if !l.Legacy || !reflect.DeepEqual(strs(l.Snapshot), []string{`{"state":1}`}) || !reflect.DeepEqual(strs(l.Records), []string{`{"op":"a"}`, `{"op":"b"}`}) {
		t.Fatalf("legacy load: %+v", l)
	}
	appendSync(t, d, `{"op":"c"}`)
	write, err := d.Rotate()
	if err != nil {
		t.Fatal(err)
	}
	if err := write([]string{"all"}, [][]byte{[]byte(`{"state":2}`)}); err != nil {
		t.Fatal(err)
	}
	d.Close()
	for _, old := range []string{"snapshot-00000003.json", "log-00000003", "log-00000004"} {
		if _, err := os.Stat(filepath.Join(dir, old)); !os.IsNotExist(err) {
			t.Errorf("%s still there after the rewrite: %v", old, err)
		}
	}
	d, l = mustOpen(t, dir, Options{})
	d.Close()
	if l.Legacy || !reflect.DeepEqual(strs(l.Snapshot), []string{`{"state":2}`}) || len(l.Records) != 0 {
		t.Errorf("after the rewrite: %+v", l)
	}
}

func TestLegacyDirectoryClosedCleanlyOpens(t *testing.T) {
	// Format 1's Close left the snapshot and an empty log of its generation.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "snapshot-00000004.json"), legacyFrame(nil, []byte(`{"state":4}`)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "log-00000004"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	d, l := mustOpen(t, dir, Options{})
	d.Close()
	if !l.Legacy || !reflect.DeepEqual(strs(l.Snapshot), []string{`{"state":4}`}) || len(l.Records) != 0 || len(l.Notes) != 0 {
		t.Errorf("clean legacy directory: %+v", l)
	}
}

func TestDamagedLegacyLogIsRefused(t *testing.T) {
	dir := t.TempDir()
	log := legacyFrame(legacyFrame(nil, []byte(`{"op":"a"}`)), []byte(`{"op":"b"}`))
	log[10] ^= 0x40 // inside the first record
	if err := os.WriteFile(filepath.Join(dir, "log-00000000"), log, 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := Open(dir, Options{})
	var ce *CorruptError
	if !asCorrupt(err, &ce) || len(ce.Problems) != 1 || ce.Problems[0].File != "log-00000000" || ce.Problems[0].Offset != 0 {
		t.Fatalf("damaged legacy log: %v", err)
	}
}

func FuzzScanFrames(f *testing.F) {
	f.Add(appendFrame(appendFrame(nil, kindData, 0, []byte("a")), kindData, 1, []byte("bc")))
	f.Add([]byte{1, 0, 0, 0})
	f.Add(append(appendFrame(nil, kindData, 7, []byte("x")), 255, 255, 255, 255, 0, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9))
	f.Fuzz(func(t *testing.T, data []byte) {
		frames, damages, torn := scanFrames(data, 0)
		if torn < -1 || torn > int64(len(data)) {
			t.Fatalf("torn %d of %d", torn, len(data))
		}
		// Every intact record re-frames to the bytes it was read from, and
		// records and damage never overlap.
		covered := int64(0)
		di := 0
		for _, fr := range frames {
			for di < len(damages) && damages[di].offset < fr.offset {
				if damages[di].offset < covered {
					t.Fatalf("damage at %d overlaps", damages[di].offset)
				}
				covered = damages[di].offset + damages[di].size
				di++
			}
			again := appendFrame(nil, fr.kind, fr.seq, fr.payload)
			if fr.offset < covered || !bytes.Equal(again, data[fr.offset:fr.offset+int64(len(again))]) {
				t.Fatalf("record at %d does not re-frame", fr.offset)
			}
			covered = fr.offset + int64(len(again))
		}
	})
}

func TestLazyRecordsWaitForTheirSync(t *testing.T) {
	dir := t.TempDir()
	d, _ := mustOpen(t, dir, Options{})
	defer d.Close()
	onDisk := func() []string {
		data, _ := os.ReadFile(filepath.Join(dir, logName(0)))
		frames, _, _ := scanFrames(data, fileHeaderSize)
		var out []string
		for _, f := range frames {
			out = append(out, string(f.payload))
		}
		return out
	}
	d.AppendLazy([]byte("lazy"), time.Hour)
	if due := d.LazyDue(); due.Before(time.Now().Add(59 * time.Minute)) {
		t.Errorf("due %v", due)
	}
	if err := d.Sync(); err != nil {
		t.Fatal(err)
	}
	if got := onDisk(); len(got) != 0 {
		t.Fatalf("Sync wrote a lazy record alone: %q", got)
	}
	// A request-durability record takes the lazy one with it.
	d.Append([]byte("now"))
	if err := d.Sync(); err != nil {
		t.Fatal(err)
	}
	if got := onDisk(); !reflect.DeepEqual(got, []string{"lazy", "now"}) || !d.LazyDue().IsZero() {
		t.Fatalf("after Sync: %q", got)
	}
	d.AppendLazy([]byte("later"), time.Millisecond)
	if err := d.SyncAll(); err != nil {
		t.Fatal(err)
	}
	if got := onDisk(); !reflect.DeepEqual(got, []string{"lazy", "now", "later"}) {
		t.Fatalf("after SyncAll: %q", got)
	}
}
