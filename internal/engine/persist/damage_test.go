package persist

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// chainDir builds snapshot-1 (three named parts), log-1 (r3, r4, r5, then
// its closing record) and log-2 (r6, r7): a crash after the rotation to
// generation 2 and before its snapshot. It returns the records in order.
func chainDir(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	d, _ := mustOpen(t, dir, Options{})
	appendSync(t, d, `{"op":"doc","name":"books","doc":{"id":"r0"}}`, "r1", "r2")
	write, err := d.Rotate()
	if err != nil {
		t.Fatal(err)
	}
	if err := write([]string{"part zero", "index [books]", "part two"}, [][]byte{[]byte("p0"), []byte("p1-books"), []byte("p2")}); err != nil {
		t.Fatal(err)
	}
	recs := []string{`{"op":"doc","name":"books","doc":{"id":"r3"}}`, `{"op":"doc","name":"films","doc":{"id":"r4"}}`, `{"op":"doc","name":"songs","doc":{"id":"r5"}}`}
	appendSync(t, d, recs...)
	if _, err := d.Rotate(); err != nil {
		t.Fatal(err)
	}
	appendSync(t, d, "r6", "r7")
	d.Close()
	return dir, append(recs, "r6", "r7")
}

// readAll returns every file of dir by name.
func readAll(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = data
	}
	return out
}

// recordOffset finds the byte offset of the record holding text in a file.
func recordOffset(t *testing.T, data []byte, text string) int {
	t.Helper()
	i := bytes.Index(data, []byte(text))
	if i < frameHeaderSize {
		t.Fatalf("no record %q", text)
	}
	return i - frameHeaderSize
}

func TestDamageIsRefusedOrRecovered(t *testing.T) {
	type damageCase struct {
		name   string
		damage func(t *testing.T, dir string)
		// want are substrings of the refusal; kept are the records and
		// parts a recovery still reads.
		want       []string
		keptRecs   []int // indexes into the chain's records
		keptParts  []string
		unreadable []string // files that must stay on disk untouched
	}
	file := func(dir, name string) string { return filepath.Join(dir, name) }
	edit := func(name string, fn func(t *testing.T, data []byte) []byte) func(*testing.T, string) {
		return func(t *testing.T, dir string) {
			data, err := os.ReadFile(file(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file(dir, name), fn(t, data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	remove := func(name string) func(*testing.T, string) {
		return func(t *testing.T, dir string) {
			if err := os.Remove(file(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	allParts := []string{"p0", "p1-books", "p2"}
	cases := []damageCase{
		{name: "flipped payload byte in a middle log",
			damage:   edit("log-00000001", func(t *testing.T, b []byte) []byte { b[bytes.Index(b, []byte("films"))] ^= 1; return b }),
			want:     []string{"log-00000001, record 1 at byte ", "fails its checksum", "lost: one logged change (probably doc on index [gilms], document [r4]), record 4"},
			keptRecs: []int{0, 2, 3, 4}, keptParts: allParts, unreadable: []string{"log-00000001"}},
		{name: "flipped length of a record",
			damage:   edit("log-00000001", func(t *testing.T, b []byte) []byte { b[recordOffset(t, b, "films")] ^= 0x10; return b }),
			want:     []string{"log-00000001, record 1 at byte ", "fails its checksum", "bytes of logged changes", "is record 5 where record 4 was due"},
			keptRecs: []int{0, 2, 3, 4}, keptParts: allParts, unreadable: []string{"log-00000001"}},
		{name: "truncated middle log",
			damage:   edit("log-00000001", func(t *testing.T, b []byte) []byte { return b[:bytes.Index(b, []byte("songs"))] }),
			want:     []string{"log-00000001, record 2 at byte ", "is cut short in the middle of a record", "log-00000002 at byte 0: starts at record 6, but the files before it end at record 5; lost: 1 logged change"},
			keptRecs: []int{0, 1, 3, 4}, keptParts: allParts, unreadable: []string{"log-00000001"}},
		{name: "truncated snapshot",
			damage:   edit("snapshot-00000001.json", func(t *testing.T, b []byte) []byte { return b[:bytes.Index(b, []byte("p2"))+1] }),
			want:     []string{"snapshot-00000001.json", "ends before its closing record (cut short)", "part missing or unreadable; lost: part two"},
			keptRecs: []int{0, 1, 2, 3, 4}, keptParts: []string{"p0", "p1-books"}, unreadable: []string{"snapshot-00000001.json"}},
		{name: "flipped snapshot part",
			damage:   edit("snapshot-00000001.json", func(t *testing.T, b []byte) []byte { b[bytes.LastIndex(b, []byte("books"))] ^= 1; return b }),
			want:     []string{"snapshot-00000001.json at byte ", "fails its checksum; lost: index [books]"},
			keptRecs: []int{0, 1, 2, 3, 4}, keptParts: []string{"p0", "p2"}, unreadable: []string{"snapshot-00000001.json"}},
		{name: "zeroed snapshot",
			damage:   edit("snapshot-00000001.json", func(t *testing.T, b []byte) []byte { return make([]byte, len(b)) }),
			want:     []string{"snapshot-00000001.json at byte 0: has no clustersearch-fake header", "lost: the whole snapshot"},
			keptRecs: []int{0, 1, 2, 3, 4}, unreadable: []string{"snapshot-00000001.json"}},
		{name: "zeroed newest log",
			damage:   edit("log-00000002", func(t *testing.T, b []byte) []byte { return make([]byte, len(b)) }),
			want:     []string{"log-00000002 at byte 0: has no clustersearch-fake header", "lost: every change it logged"},
			keptRecs: []int{0, 1, 2}, keptParts: allParts, unreadable: []string{"log-00000002"}},
		{name: "newest log emptied",
			damage:   edit("log-00000002", func(t *testing.T, b []byte) []byte { return nil }),
			want:     []string{"log-00000002 at byte 0: is empty"},
			keptRecs: []int{0, 1, 2}, keptParts: allParts, unreadable: []string{"log-00000002"}},
		{name: "deleted snapshot",
			damage:   remove("snapshot-00000001.json"),
			want:     []string{"log-00000001 at byte 0: starts at record 3, but the files before it end at record 0", "lost: 3 logged changes (a snapshot or log file was deleted, cut or replaced)"},
			keptRecs: []int{0, 1, 2, 3, 4}},
		{name: "deleted log after the snapshot",
			damage:   remove("log-00000001"),
			want:     []string{"log-00000001: is missing; lost: every change logged after snapshot-00000001.json (from record 3 on)"},
			keptRecs: []int{3, 4}, keptParts: allParts},
		{name: "deleted newest log",
			damage:   remove("log-00000002"),
			want:     []string{"log-00000002: is missing (the log before it names it); lost: every change it logged"},
			keptRecs: []int{0, 1, 2}, keptParts: allParts},
		{name: "foreign file with a log name",
			damage: func(t *testing.T, dir string) {
				if err := os.WriteFile(file(dir, "log-00000003"), []byte("2024-01-01 service started\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			want:     []string{"log-00000003 at byte 0: has no clustersearch-fake header", "left untouched"},
			keptRecs: []int{0, 1, 2, 3, 4}, keptParts: allParts, unreadable: []string{"log-00000003"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, recs := chainDir(t)
			c.damage(t, dir)
			before := readAll(t, dir)
			_, _, err := Open(dir, Options{Describe: func(p []byte) string { return describeForTest(p) }})
			var ce *CorruptError
			if !asCorrupt(err, &ce) {
				t.Fatalf("opened a damaged directory: %v", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("refusal lacks %q:\n%v", w, err)
				}
			}
			if after := readAll(t, dir); !reflect.DeepEqual(after, before) {
				t.Fatalf("a refused open changed the directory")
			}
			d, l, err := Open(dir, Options{Recover: true})
			if err != nil {
				t.Fatal(err)
			}
			var wantRecs []string
			for _, i := range c.keptRecs {
				wantRecs = append(wantRecs, recs[i])
			}
			if !reflect.DeepEqual(strs(l.Records), wantRecs) || !reflect.DeepEqual(strs(l.Snapshot), c.keptParts) || len(l.Problems) != len(ce.Problems) {
				t.Errorf("recovered records %q parts %q problems %v", strs(l.Records), strs(l.Snapshot), l.Problems)
			}
			// A snapshot of the recovered state covers every file, but the
			// unreadable ones stay as they were.
			write, err := d.Rotate()
			if err != nil {
				t.Fatal(err)
			}
			if err := write([]string{"x"}, [][]byte{[]byte("recovered")}); err != nil {
				t.Fatal(err)
			}
			d.Close()
			for _, name := range c.unreadable {
				if data, err := os.ReadFile(file(dir, name)); err != nil || !bytes.Equal(data, before[name]) {
					t.Errorf("%s changed or removed: %v", name, err)
				}
			}
			// The recovered directory opens cleanly from now on, noting the
			// files it left in place.
			d, l, err = Open(dir, Options{})
			if err != nil {
				t.Fatalf("reopening after recovery: %v", err)
			}
			d.Close()
			if !reflect.DeepEqual(strs(l.Snapshot), []string{"recovered"}) || len(l.Records) != 0 || len(l.Notes) != len(c.unreadable) {
				t.Errorf("after recovery: %+v", l)
			}
		})
	}
}

func describeForTest(p []byte) string {
	_, rest, ok := bytes.Cut(p, []byte(`"name":"`))
	if !ok {
		return ""
	}
	name, _, _ := bytes.Cut(rest, []byte(`"`))
	_, rest, _ = bytes.Cut(p, []byte(`"id":"`))
	id, _, _ := bytes.Cut(rest, []byte(`"`))
	return "probably doc on index [" + string(name) + "], document [" + string(id) + "]"
}

func TestForeignFilesAreNeverTouched(t *testing.T) {
	dir := t.TempDir()
	foreign := map[string]string{"log-1": "x", "log-2024-01-01.txt": "y", "snapshot-7.json": "{}", "log-00000001.bak": "z", "notes": "n"}
	for name, body := range foreign {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for round := 0; round < 3; round++ {
		d, l := mustOpen(t, dir, Options{})
		appendSync(t, d, "r")
		write, err := d.Rotate()
		if err != nil {
			t.Fatal(err)
		}
		if err := write([]string{"s"}, [][]byte{[]byte("s")}); err != nil {
			t.Fatal(err)
		}
		d.Close()
		if len(l.Notes) != 0 {
			t.Errorf("round %d notes %q", round, l.Notes)
		}
	}
	for name, body := range foreign {
		if data, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(data) != body {
			t.Errorf("%s: %q %v", name, data, err)
		}
	}
}

// Crashes in the middle of a rotation leave files that look damaged but
// lose nothing: the directory opens without recovery.
func TestCrashWhileRotatingOpensCleanly(t *testing.T) {
	t.Run("closing record cut short", func(t *testing.T) {
		dir, recs := chainDir(t)
		path := filepath.Join(dir, "log-00000001")
		data, _ := os.ReadFile(path)
		if err := os.WriteFile(path, data[:len(data)-5], 0o644); err != nil {
			t.Fatal(err)
		}
		d, l := mustOpen(t, dir, Options{})
		d.Close()
		if !reflect.DeepEqual(strs(l.Records), recs) || len(l.Notes) != 1 || !strings.Contains(l.Notes[0], "unfinished closing record") {
			t.Errorf("records %q notes %q", strs(l.Records), l.Notes)
		}
	})
	t.Run("next log created but empty", func(t *testing.T) {
		dir, recs := chainDir(t)
		if err := os.WriteFile(filepath.Join(dir, "log-00000003"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		d, l := mustOpen(t, dir, Options{})
		appendSync(t, d, "r8")
		d.Close()
		if !reflect.DeepEqual(strs(l.Records), recs) || len(l.Notes) != 1 || !strings.Contains(l.Notes[0], "is empty") {
			t.Errorf("records %q notes %q", strs(l.Records), l.Notes)
		}
		d, l = mustOpen(t, dir, Options{})
		d.Close()
		if got := strs(l.Records); len(got) != len(recs)+1 || got[len(recs)] != "r8" {
			t.Errorf("after writing past the empty log: %q", got)
		}
	})
	t.Run("side file of a cut write already there", func(t *testing.T) {
		dir := t.TempDir()
		d, _ := mustOpen(t, dir, Options{})
		appendSync(t, d, "r0")
		d.Close()
		path := filepath.Join(dir, logName(0))
		good, _ := os.ReadFile(path)
		tail := []byte{9, 9, 9}
		if err := os.WriteFile(path, append(append([]byte{}, good...), tail...), 0o644); err != nil {
			t.Fatal(err)
		}
		// A crash after the side file was written, before the cut.
		side := path + ".torn-" + strconv.Itoa(len(good))
		if err := os.WriteFile(side, tail, 0o644); err != nil {
			t.Fatal(err)
		}
		d, l := mustOpen(t, dir, Options{})
		d.Close()
		if !reflect.DeepEqual(strs(l.Records), []string{"r0"}) {
			t.Errorf("records %q", strs(l.Records))
		}
		if extra, _ := filepath.Glob(side + ".*"); len(extra) != 0 {
			t.Errorf("a second side file for the same bytes: %v", extra)
		}
	})
}
