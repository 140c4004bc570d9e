package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// childEnv makes the test binary run the server instead of the tests, so the
// crash test can kill a real process.
const childEnv = "CLUSTERSEARCH_FAKE_CHILD_ARGS"

func TestMain(m *testing.M) {
	if args := os.Getenv(childEnv); args != "" {
		if err := run(context.Background(), strings.Split(args, " "), os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// startChild runs the server on dir in a child process and returns its URL.
func startChild(t *testing.T, dir string) (*exec.Cmd, string) {
	t.Helper()
	return startChildArgs(t, dir, "")
}

// startChildArgs is startChild with extra flags (space-separated).
func startChildArgs(t *testing.T, dir, extra string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	args := "-addr 127.0.0.1:0 -data " + dir
	if extra != "" {
		args += " " + extra
	}
	cmd.Env = append(os.Environ(), childEnv+"="+args)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		t.Fatalf("reading the child's URL: %v", err)
	}
	return cmd, strings.TrimSpace(line)
}

func bulkBody(batch, size int) (string, []string) {
	var b strings.Builder
	var ids []string
	for i := 0; i < size; i++ {
		id := fmt.Sprintf("b%d-%d", batch, i)
		ids = append(ids, id)
		fmt.Fprintf(&b, "{\"index\":{\"_index\":\"crash\",\"_id\":%q}}\n{\"batch\":%d,\"i\":%d,\"pad\":%q}\n", id, batch, i, strings.Repeat("x", 200))
	}
	return b.String(), ids
}

func post(url, body string) (int, string, error) {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/x-ndjson")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data), err
}

func TestKillMidBulkKeepsAcknowledgedItems(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills server processes")
	}
	dir := t.TempDir()
	cmd, url := startChild(t, dir)
	var mu sync.Mutex
	var acked []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for batch := w; ; batch += 4 {
				select {
				case <-stop:
					return
				default:
				}
				body, ids := bulkBody(batch, 100)
				status, resp, err := post(url+"/_bulk", body)
				if err != nil {
					return // the server died mid-request: nothing acknowledged
				}
				if status == 200 && strings.HasPrefix(resp, `{"took":`) && strings.Contains(resp, `"errors":false`) {
					mu.Lock()
					acked = append(acked, ids...)
					mu.Unlock()
				}
			}
		}(w)
	}
	// Kill once a few bulks were acknowledged rather than after a fixed
	// time: under CPU load (-race, parallel runs) the first answers can
	// take longer than any fixed pause.
	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= 5*100 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	_ = cmd.Process.Kill() // SIGKILL while bulks are in flight
	close(stop)
	wg.Wait()
	_ = cmd.Wait()
	mu.Lock()
	n := len(acked)
	mu.Unlock()
	if n == 0 {
		t.Fatal("no bulk was acknowledged before the kill")
	}
	t.Logf("%d documents acknowledged before the kill", n)

	cmd2, url2 := startChild(t, dir)
	defer func() {
		_ = cmd2.Process.Kill()
		_ = cmd2.Wait()
	}()
	status, body, err := post(url2+"/crash/_refresh", "")
	if err != nil || status != 200 {
		t.Fatalf("refresh after restart: %d %s %v", status, body, err)
	}
	// Every acknowledged document is back, with its source.
	for i := 0; i < n; i += max(1, n/200) {
		resp, err := http.Get(url2 + "/crash/_doc/" + acked[i])
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(data), `"pad":"xxxx`) {
			t.Fatalf("acknowledged document %s after the crash: %d %s", acked[i], resp.StatusCode, data)
		}
	}
	resp, err := http.Get(url2 + "/crash/_count")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var count int
	if _, err := fmt.Sscanf(string(data), `{"count":%d`, &count); err != nil || count < n {
		t.Fatalf("count after restart %s, want at least the %d acknowledged", data, n)
	}
}

func get(url string) (int, string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data), err
}

func TestKillAfterAsyncReindexKeepsItsWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills server processes")
	}
	dir := t.TempDir()
	cmd, url := startChild(t, dir)
	body, ids := bulkBody(0, 300)
	if status, resp, err := post(url+"/_bulk?refresh=true", body); err != nil || status != 200 || strings.Contains(resp, `"errors":true`) {
		t.Fatalf("bulk: %d %s %v", status, resp, err)
	}
	status, resp, err := post(url+"/_reindex?wait_for_completion=false", `{"source":{"index":"crash","size":10},"dest":{"index":"copy"}}`)
	var task string
	if _, serr := fmt.Sscanf(resp, `{"task":%q}`, &task); err != nil || status != 200 || serr != nil {
		t.Fatalf("reindex: %d %s %v", status, resp, err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, resp, err := get(url + "/_tasks/" + task + "?filter_path=completed")
		if err != nil {
			t.Fatal(err)
		}
		if resp == `{"completed":true}` {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the reindex did not complete: %s", resp)
		}
		time.Sleep(5 * time.Millisecond)
	}
	_ = cmd.Process.Kill() // SIGKILL as soon as the task is seen complete
	_ = cmd.Wait()

	cmd2, url2 := startChild(t, dir)
	defer func() {
		_ = cmd2.Process.Kill()
		_ = cmd2.Wait()
	}()
	want := fmt.Sprintf(`{"count":%d,`, len(ids))
	if _, resp, err := get(url2 + "/copy/_count"); err != nil || !strings.HasPrefix(resp, want) {
		t.Fatalf("copy after the kill: %s %v, want %s", resp, err, want)
	}
	if _, resp, err := get(url2 + "/.tasks/_doc/" + task + "?filter_path=found,_source.completed"); err != nil || resp != `{"found":true,"_source":{"completed":true}}` {
		t.Fatalf("stored task result after the kill: %s %v", resp, err)
	}
}
