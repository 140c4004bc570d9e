package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer the child's stderr copier and the test can
// share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// runChild starts the server with args and returns it with its first stdout
// line (the URL; empty when it exited) and a reader of its stderr so far.
func runChild(t *testing.T, args string) (*exec.Cmd, string, *syncBuffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+args)
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	return cmd, strings.TrimSpace(line), stderr
}

func TestDamagedDataDirRefusesToStartUnlessRecovering(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	dir := t.TempDir()
	cmd, url := startChild(t, dir)
	body, _ := bulkBody(0, 50)
	if status, resp, err := post(url+"/_bulk", body); err != nil || status != 200 {
		t.Fatalf("bulk: %d %s %v", status, resp, err)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	logs, _ := filepath.Glob(filepath.Join(dir, "log-*"))
	path := logs[len(logs)-1]
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 0x01
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "log-2024-01-01.txt")
	if err := os.WriteFile(foreign, []byte("someone else's log\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	refused, line, stderr := runChild(t, "-addr 127.0.0.1:0 -data "+dir)
	err := refused.Wait()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 || line != "" {
		t.Fatalf("a damaged directory: exit %v, stdout %q", err, line)
	}
	if msg := stderr.String(); !strings.Contains(msg, filepath.Base(path)+", record ") || !strings.Contains(msg, "fails its checksum") ||
		!strings.Contains(msg, "start with the recovery option") {
		t.Errorf("refusal message:\n%s", msg)
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, data) {
		t.Fatal("the refused start changed the damaged log")
	}

	rec, url, stderr := runChild(t, "-addr 127.0.0.1:0 -recover -data "+dir)
	defer func() {
		_ = rec.Process.Kill()
		_ = rec.Wait()
	}()
	if url == "" {
		t.Fatalf("-recover did not start: %s", stderr)
	}
	if status, _, err := get(url + "/crash/_count"); err != nil || status != 200 {
		t.Fatalf("count after recovery: %d %v", status, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(stderr.String(), "clustersearch-fake: dropped: "+filepath.Base(path)) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(stderr.String(), "clustersearch-fake: dropped: "+filepath.Base(path)) {
		t.Errorf("recovery report on stderr:\n%s", stderr)
	}
	for _, f := range []string{path, foreign} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s gone after the recovery: %v", f, err)
		}
	}
}
