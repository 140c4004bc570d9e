package persist

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func strs(recs [][]byte) []string {
	var out []string
	for _, r := range recs {
		out = append(out, string(r))
	}
	return out
}

func TestLogSnapshotAndReopen(t *testing.T) {
	dir := t.TempDir()
	d, l, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.Snapshot != nil || len(l.Records) != 0 {
		t.Fatalf("fresh directory loaded %+v", l)
	}
	d.Append([]byte(`{"a":1}`))
	d.Append([]byte(`{"a":2}`))
	if err := d.Sync(); err != nil {
		t.Fatal(err)
	}
	write, err := d.Rotate()
	if err != nil {
		t.Fatal(err)
	}
	d.Append([]byte(`{"a":3}`))
	if err := d.Sync(); err != nil {
		t.Fatal(err)
	}
	if err := write([]byte(`{"state":2}`)); err != nil {
		t.Fatal(err)
	}
	d.Append([]byte(`{"a":4}`)) // queued, written by Close
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	d2, l2, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if string(l2.Snapshot) != `{"state":2}` || !reflect.DeepEqual(strs(l2.Records), []string{`{"a":3}`, `{"a":4}`}) {
		t.Fatalf("reopened: snapshot %s records %q", l2.Snapshot, strs(l2.Records))
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(names) != 2 {
		t.Errorf("files after the snapshot: %v (older generations must go)", names)
	}
}

func TestTornTailIsCut(t *testing.T) {
	dir := t.TempDir()
	d, _, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	d.Append([]byte(`{"ok":1}`))
	if err := d.Sync(); err != nil {
		t.Fatal(err)
	}
	d.Close()
	logPath := filepath.Join(dir, logName(0))
	good, _ := os.ReadFile(logPath)
	torn := frame(nil, []byte(`{"half":"written"}`))
	for _, tail := range [][]byte{torn[:5], torn[:len(torn)-3], append(append([]byte{}, torn[:8]...), bytes.Repeat([]byte("x"), len(torn)-8)...)} {
		if err := os.WriteFile(logPath, append(append([]byte{}, good...), tail...), 0o644); err != nil {
			t.Fatal(err)
		}
		d, l, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(strs(l.Records), []string{`{"ok":1}`}) || l.Dropped != int64(len(tail)) {
			t.Errorf("tail %q: records %q dropped %d", tail, strs(l.Records), l.Dropped)
		}
		// The cut log takes new records after the last good one.
		d.Append([]byte(`{"next":2}`))
		d.Close()
		_, l, _ = Open(dir)
		if !reflect.DeepEqual(strs(l.Records), []string{`{"ok":1}`, `{"next":2}`}) {
			t.Errorf("after the cut: %q", strs(l.Records))
		}
		if err := os.WriteFile(logPath, good, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBrokenSnapshotFallsBack(t *testing.T) {
	dir := t.TempDir()
	d, _, _ := Open(dir)
	d.Append([]byte(`r0`))
	write, _ := d.Rotate()
	d.Append([]byte(`r1`))
	d.Close()
	// A crash before the snapshot was renamed leaves only its temporary file.
	if err := os.WriteFile(filepath.Join(dir, snapName(1)+".tmp"), []byte("partial"), 0o644); err != nil {
		t.Fatal(err)
	}
	_ = write
	_, l, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.Snapshot != nil || !reflect.DeepEqual(strs(l.Records), []string{"r0", "r1"}) {
		t.Errorf("snapshot %q records %q", l.Snapshot, strs(l.Records))
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(frame(frame(nil, []byte("a")), []byte("bc")))
	f.Add([]byte{1, 0, 0, 0})
	f.Add([]byte{255, 255, 255, 255, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, good := Decode(data)
		if good < 0 || good > int64(len(data)) {
			t.Fatalf("good %d of %d", good, len(data))
		}
		var again []byte
		for _, r := range recs {
			again = frame(again, r)
		}
		if !bytes.Equal(again, data[:good]) {
			t.Fatal("records do not re-frame to the good prefix")
		}
	})
}
