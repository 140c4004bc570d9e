package fake_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
)

// damagedDir writes books (three documents) and films, snapshots them, then
// logs one more document to each, and returns the crashed copy.
func damagedDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	srv, err := fake.NewServer(fake.WithDataDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct{ method, path, body string }{
		{"PUT", "/books/_doc/1", `{"t":"Dune"}`}, {"PUT", "/books/_doc/2", `{"t":"Emma"}`}, {"PUT", "/books/_doc/3", `{"t":"Ulysses"}`},
		{"PUT", "/films/_doc/1", `{"t":"Heat"}`},
	} {
		if status, _, body := doRaw(t, srv, s.method, s.path, s.body); status >= 300 {
			t.Fatalf("%s %s: %d %s", s.method, s.path, status, body)
		}
	}
	srv.Close() // the snapshot
	srv = fake.New(t, fake.WithDataDir(dir))
	for _, s := range []struct{ path, body string }{{"/books/_doc/4", `{"t":"Middlemarch"}`}, {"/films/_doc/2", `{"t":"Alien"}`}} {
		if status, _, body := doRaw(t, srv, "PUT", s.path, s.body); status >= 300 {
			t.Fatalf("PUT %s: %d %s", s.path, status, body)
		}
	}
	return copyDir(t, dir)
}

func newestFile(t *testing.T, dir, pattern string) string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, pattern))
	if len(names) == 0 {
		t.Fatalf("no %s in %s", pattern, dir)
	}
	return names[len(names)-1]
}

func TestDamagedDataDirIsRefusedThenRecovered(t *testing.T) {
	flip := func(text string) func(t *testing.T, data []byte) []byte {
		return func(t *testing.T, data []byte) []byte {
			i := bytes.Index(data, []byte(text))
			if i < 0 {
				t.Fatalf("no %q", text)
			}
			data[i] ^= 0x20
			return data
		}
	}
	for _, c := range []struct {
		name, file string // file: a glob
		damage     func(t *testing.T, data []byte) []byte
		want       []string
		// kept and lost are documents after the recovery.
		kept, lost []string
	}{
		{"flipped document in the log", "log-*", flip(`"version":1,"source"`),
			[]string{"fails its checksum", "lost: one logged change (probably doc on index [books], document [4])"},
			[]string{"books/1", "films/2"}, []string{"books/4"}},
		{"flipped index in the snapshot", "snapshot-*", flip(`"name":"books"`),
			[]string{"fails its checksum; lost: index [books] (uuid "},
			[]string{"films/1", "films/2"}, []string{"books/1", "books/4"}},
		{"truncated snapshot", "snapshot-*", func(t *testing.T, data []byte) []byte { return data[:len(data)/2] },
			[]string{"ends before its closing record (cut short)", "dropped: 1 logged document changes to index [films]"}, nil, []string{"films/1", "films/2"}},
		{"zeroed snapshot", "snapshot-*", func(t *testing.T, data []byte) []byte { return make([]byte, len(data)) },
			[]string{"has no clustersearch-fake header", "lost: the whole snapshot"}, nil, []string{"books/1", "films/1", "books/4"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := damagedDir(t)
			path := newestFile(t, dir, c.file)
			data, _ := os.ReadFile(path)
			damaged := c.damage(t, data)
			if err := os.WriteFile(path, damaged, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := fake.NewServer(fake.WithDataDir(dir))
			if err == nil {
				t.Fatal("a damaged data directory started a server")
			}
			for _, w := range append(c.want[:1], filepath.Base(path), "start with the recovery option") {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("refusal lacks %q:\n%v", w, err)
				}
			}
			srv := fake.New(t, fake.WithDataDir(dir), fake.WithDataDirRecovery())
			report := strings.Join(srv.DataDirReport(), "\n")
			if !strings.Contains(report, "dropped: "+filepath.Base(path)) || !strings.Contains(report, c.want[len(c.want)-1]) {
				t.Errorf("recovery report:\n%s", report)
			}
			for _, k := range c.kept {
				index, id, _ := strings.Cut(k, "/")
				if _, ok := srv.Document(index, id); !ok {
					t.Errorf("%s lost by the recovery", k)
				}
			}
			for _, k := range c.lost {
				index, id, _ := strings.Cut(k, "/")
				if _, ok := srv.Document(index, id); ok {
					t.Errorf("%s should have been unreadable", k)
				}
			}
			// The damaged file stays, byte for byte, through the recovery's
			// snapshot.
			if data, err := os.ReadFile(path); err != nil || !bytes.Equal(data, damaged) {
				t.Errorf("%s changed or removed by the recovery: %v", path, err)
			}
		})
	}
}

// legacyRecord frames a record as the data directory did before file
// headers (format 1): length, CRC-32C, payload.
func legacyRecord(dst []byte, payload string) []byte {
	var h [8]byte
	binary.LittleEndian.PutUint32(h[:4], uint32(len(payload)))
	binary.LittleEndian.PutUint32(h[4:], crc32.Checksum([]byte(payload), crc32.MakeTable(crc32.Castagnoli)))
	return append(append(dst, h[:]...), payload...)
}

func TestLegacyDataDirStillOpens(t *testing.T) {
	dir := t.TempDir()
	snap := `{"indices":[{"name":"old","uuid":"u-old","creation_date":1700000000000,"body":{"settings":{"index":{"number_of_shards":"1","number_of_replicas":"0"}}},` +
		`"docs":[{"id":"1","version":3,"source":"eyJhIjoxfQ=="}]}],"dangling":[],"cluster_settings":{"search.max_keep_alive":"2d"}}`
	if err := os.WriteFile(filepath.Join(dir, "snapshot-00000002.json"), legacyRecord(nil, snap), 0o644); err != nil {
		t.Fatal(err)
	}
	log := legacyRecord(nil, `{"op":"doc","name":"old","uuid":"u-old","doc":{"id":"2","version":1,"source":"eyJiIjoyfQ=="}}`)
	if err := os.WriteFile(filepath.Join(dir, "log-00000002"), log, 0o644); err != nil {
		t.Fatal(err)
	}
	srv := fake.New(t, fake.WithDataDir(dir))
	if src, ok := srv.Document("old", "1"); !ok || string(src) != `{"a":1}` {
		t.Errorf("snapshot document: %s %v", src, ok)
	}
	if src, ok := srv.Document("old", "2"); !ok || string(src) != `{"b":2}` {
		t.Errorf("logged document: %s %v", src, ok)
	}
	if _, _, body := doRaw(t, srv, "GET", "/old/_doc/1?filter_path=_version", ""); body != `{"_version":3}` {
		t.Errorf("version: %s", body)
	}
	if _, _, body := doRaw(t, srv, "GET", "/_cluster/settings?filter_path=persistent", ""); body != `{"persistent":{"search":{"max_keep_alive":"2d"}}}` {
		t.Errorf("cluster settings: %s", body)
	}
	// The start rewrote the directory in the current format.
	for _, old := range []string{"snapshot-00000002.json", "log-00000002"} {
		if _, err := os.Stat(filepath.Join(dir, old)); !os.IsNotExist(err) {
			t.Errorf("format-1 file %s still there: %v", old, err)
		}
	}
}
