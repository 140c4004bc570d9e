package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func send(method, url, body string) (int, string, error) {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data), err
}

// ackedCheck is how a restarted server shows an acknowledged write.
type ackedCheck struct {
	what, method, path, want string // want: a prefix of the answer
}

// clusterWrites runs one kind of cluster-state write after another until the
// server dies, and returns the checks of every acknowledged one.
func clusterWrites(url string, round int, acked chan<- ackedCheck) {
	for i := 0; ; i++ {
		n := fmt.Sprintf("r%d-%d", round, i)
		var c ackedCheck
		var status int
		var err error
		switch i % 5 {
		case 0:
			status, _, err = send("PUT", url+"/_ingest/pipeline/p"+n, `{"processors":[{"set":{"field":"by","value":"`+n+`"}}]}`)
			c = ackedCheck{"pipeline " + n, "GET", "/_ingest/pipeline/p" + n, `{"p` + n + `":{"processors":[{"set":{"field":"by","value":"` + n + `"}}]}}`}
		case 1:
			// An index whose default_pipeline is the one just put: its
			// documents replay without needing the pipeline first.
			status, _, err = send("PUT", url+"/piped-"+n, `{"settings":{"index":{"default_pipeline":"p`+fmt.Sprintf("r%d-%d", round, i-1)+`","number_of_replicas":0}}}`)
			if err == nil && status == 200 {
				status, _, err = send("PUT", url+"/piped-"+n+"/_doc/1", `{"n":1}`)
			}
			c = ackedCheck{"piped index " + n, "GET", "/piped-" + n + "/_doc/1?filter_path=_source", `{"_source":{"by":"` + fmt.Sprintf("r%d-%d", round, i-1) + `","n":1}}`}
		case 2:
			status, _, err = send("PUT", url+"/crash/_alias/a"+n, `{}`)
			c = ackedCheck{"alias " + n, "GET", "/crash/_alias/a" + n, `{"crash":{"aliases":{"a` + n + `":{}}}}`}
		case 3:
			status, _, err = send("PUT", url+"/_cluster/settings", `{"persistent":{"indices.recovery.max_bytes_per_sec":"`+fmt.Sprint(round*1000+i+1)+`mb"}}`)
			c = ackedCheck{"cluster setting " + n, "GET", "/_cluster/settings?filter_path=persistent.indices.recovery", ""}
			c.want = fmt.Sprint(round*1000 + i + 1)
		case 4:
			var body string
			status, body, err = send("POST", url+"/_reindex?wait_for_completion=false", `{"source":{"index":"crash"},"dest":{"index":"copy-`+n+`"}}`)
			var task string
			if _, serr := fmt.Sscanf(body, `{"task":%q}`, &task); err == nil && serr != nil {
				status = 0
			}
			for err == nil && status == 200 {
				var got string
				status, got, err = send("GET", url+"/_tasks/"+task+"?filter_path=completed", "")
				if got == `{"completed":true}` {
					break
				}
				time.Sleep(2 * time.Millisecond)
			}
			c = ackedCheck{"task result " + task, "GET", "/_tasks/" + task + "?filter_path=completed,task.action", `{"completed":true,"task":{"action":"indices:data/write/reindex"}}`}
		}
		if err != nil {
			return // the server died: the write in flight was not acknowledged
		}
		if status == 200 {
			acked <- c
		}
	}
}

// checkAcked verifies one acknowledged write on the restarted server.
func checkAcked(t *testing.T, url string, c ackedCheck) {
	t.Helper()
	status, body, err := send(c.method, url+c.path, "")
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(c.what, "cluster setting") {
		// Later, unacknowledged writes may have landed too: the value is
		// this one or a later one.
		var v int
		var want int
		fmt.Sscanf(c.want, "%d", &want)
		if _, err := fmt.Sscanf(body, `{"persistent":{"indices":{"recovery":{"max_bytes_per_sec":"%dmb"}}}}`, &v); err != nil || v < want {
			t.Errorf("%s lost after the kill: %s", c.what, body)
		}
		return
	}
	if status != 200 || !strings.HasPrefix(body, c.want) {
		t.Errorf("%s lost after the kill: %d %s, want %s", c.what, status, body, c.want)
	}
}

func TestKillDuringClusterWritesKeepsAcknowledgedOnes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills server processes")
	}
	dir := t.TempDir()
	var all []ackedCheck
	for round := 0; round < 3; round++ {
		// Snapshots every few milliseconds, so kills also land in the
		// middle of rotations and snapshot writes.
		cmd, url := startChildArgs(t, dir, "-snapshot-interval 50ms")
		if round == 0 {
			body, _ := bulkBody(0, 20)
			if status, resp, err := post(url+"/_bulk?refresh=true", body); err != nil || status != 200 {
				t.Fatalf("bulk: %d %s %v", status, resp, err)
			}
		}
		// Every earlier acknowledged write survived the previous kills.
		for _, c := range all {
			checkAcked(t, url, c)
		}
		acked := make(chan ackedCheck, 1024)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); clusterWrites(url, round, acked) }()
		go func() {
			defer wg.Done()
			for batch := 1; ; batch++ {
				body, _ := bulkBody(round*1000+batch, 20)
				if _, _, err := post(url+"/_bulk", body); err != nil {
					return
				}
			}
		}()
		// Kill at a random point, once some writes were acknowledged.
		want := 5 + rand.IntN(20)
		deadline := time.Now().Add(30 * time.Second)
		var got []ackedCheck
		for len(got) < want && time.Now().Before(deadline) {
			select {
			case c := <-acked:
				got = append(got, c)
			case <-time.After(50 * time.Millisecond):
			}
		}
		time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
		_ = cmd.Process.Kill()
		wg.Wait()
		_ = cmd.Wait()
		close(acked)
		for c := range acked {
			got = append(got, c)
		}
		if len(got) == 0 {
			t.Fatalf("round %d: nothing acknowledged before the kill", round)
		}
		t.Logf("round %d: %d cluster writes acknowledged before the kill", round, len(got))
		all = append(all, got...)
	}
	cmd, url := startChild(t, dir)
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	for _, c := range all {
		checkAcked(t, url, c)
	}
}
