package yamlrest

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// features lists the optional runner features this runner implements.
var features = map[string]bool{
	"allowed_warnings": true, "arbitrary_key": true, "catch_unauthorized": true, "close_to": true,
	"contains": true, "embedded_stash_key": true, "headers": true, "node_selector": true,
	"stash_in_key": true, "stash_in_path": true, "warnings": true,
}

// Features returns, sorted, the optional runner features this runner
// implements; a skip section naming any other feature skips its test.
func Features() []string {
	out := make([]string, 0, len(features))
	for f := range features {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

func supported(feature string) bool { return features[feature] }

// Options configure a Runner.
type Options struct {
	// Dir is the suite folder: test files in sub-folders and API specs in
	// Dir/api.
	Dir string
	// Prefix starts every result id and group, e.g. "opensearch".
	Prefix string
	// NewTarget starts a fresh server; the runner starts one per test.
	NewTarget conformance.NewTarget
	// Version is the server version skip sections are checked against. When
	// it is zero the runner asks a fresh target's GET /.
	Version conformance.Version
	// Client makes the HTTP calls; nil means a client with a 30s timeout.
	Client *http.Client
	// TestTimeout bounds one test (setup, steps and teardown); 0 means 2m.
	TestTimeout time.Duration
}

// Runner runs YAML test files. It is safe for concurrent use.
type Runner struct {
	opts Options
	apis map[string]*API
}

// New loads the API specs and, when no version is given, reads it from a
// fresh target.
func New(ctx context.Context, opts Options) (*Runner, error) {
	if opts.NewTarget == nil {
		return nil, errors.New("yamlrest: NewTarget is required")
	}
	if opts.Client == nil {
		opts.Client = &http.Client{Timeout: 30 * time.Second}
	}
	if opts.TestTimeout == 0 {
		opts.TestTimeout = 2 * time.Minute
	}
	apis, err := LoadAPIs(filepath.Join(opts.Dir, "api"))
	if err != nil {
		return nil, err
	}
	if opts.Version == (conformance.Version{}) {
		t, err := opts.NewTarget()
		if err != nil {
			return nil, fmt.Errorf("starting a target to read its version: %w", err)
		}
		v, err := conformance.ServerVersion(ctx, opts.Client, t.URL())
		_ = t.Close()
		if err != nil {
			return nil, err
		}
		opts.Version = v
	}
	return &Runner{opts: opts, apis: apis}, nil
}

// Version returns the server version tests are checked against.
func (r *Runner) Version() conformance.Version { return r.opts.Version }

// Files lists the test files under Dir (slash-separated, relative, sorted).
func (r *Runner) Files() ([]string, error) {
	var files []string
	err := filepath.WalkDir(r.opts.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || (!strings.HasSuffix(p, ".yml") && !strings.HasSuffix(p, ".yaml")) {
			return nil
		}
		rel, err := filepath.Rel(r.opts.Dir, p)
		if err != nil {
			return err
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(files)
	return files, err
}

// RunFile runs every test of one file (rel is relative to Dir) and returns a
// result per test. A file that cannot be read or parsed yields one failed
// result named "(file)".
func (r *Runner) RunFile(ctx context.Context, rel string) []conformance.Result {
	id := r.opts.Prefix + "/" + rel
	group := r.opts.Prefix + "/" + path.Dir(rel)
	if strings.HasSuffix(rel, ".yaml") {
		// OpenSearchClientYamlSuiteTestCase.loadSuites loads only .yml
		// files and refuses the others, so upstream never runs this one.
		return []conformance.Result{{ID: id + " :: (file)", Group: group, Status: conformance.Skipped,
			Reason: "OpenSearch's YAML runner does not run .yaml files (\"yaml files are no longer supported\")"}}
	}
	data, err := os.ReadFile(filepath.Join(r.opts.Dir, filepath.FromSlash(rel)))
	var suite *Suite
	if err == nil {
		suite, err = Parse(data)
	}
	if err != nil {
		return []conformance.Result{{ID: id + " :: (file)", Group: group, Status: conformance.Failed, Reason: err.Error()}}
	}
	results := make([]conformance.Result, 0, len(suite.Tests))
	for _, t := range suite.Tests {
		res := conformance.Result{ID: id + " :: " + t.Name, Group: group}
		if reason, skip := r.skipReason(suite.Setup.Skip, "setup"); skip {
			res.Status, res.Reason = conformance.Skipped, reason
		} else if reason, skip := r.skipReason(t.Skip, "test"); skip {
			res.Status, res.Reason = conformance.Skipped, reason
		} else if calls, err := r.runTest(ctx, res.ID, suite, t); err != nil {
			res.Status, res.Reason, res.Transcript = conformance.Failed, err.Error(), calls
		}
		results = append(results, res)
	}
	return results
}

// skipReason applies a skip section: the reason names the version range or
// the unsupported features.
func (r *Runner) skipReason(s *Skip, where string) (string, bool) {
	if s == nil {
		return "", false
	}
	var missing []string
	for _, f := range s.Features {
		if !supported(f) {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("%s needs runner features not supported: %s", where, strings.Join(missing, ", ")), true
	}
	if s.Version != nil && s.Version.Contains(r.opts.Version) {
		reason := fmt.Sprintf("%s skips versions [%s] and the server is %s", where, s.VersionText, r.opts.Version)
		if s.Reason != "" {
			reason += ": " + s.Reason
		}
		return reason, true
	}
	return "", false
}

// state is what one test carries from step to step.
type state struct {
	// id names the test; with the step it keys the choice of HTTP method.
	id     string
	target conformance.Target
	stash  *Stash
	body   any
	// calls records each request and its status for the failure transcript.
	calls []string
}

func (r *Runner) runTest(ctx context.Context, id string, suite *Suite, t Test) (calls []string, err error) {
	ctx, cancel := context.WithTimeout(ctx, r.opts.TestTimeout)
	defer cancel()
	target, err := r.opts.NewTarget()
	if err != nil {
		return nil, fmt.Errorf("starting the server: %w", err)
	}
	defer func() {
		if cerr := target.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("closing the server: %w", cerr)
		}
	}()
	st := &state{id: id, target: target}
	st.stash = NewStash(func() any { return st.body })
	defer func() {
		// Teardown runs even when the test failed; its own failure only
		// shows when nothing failed before.
		if terr := r.runSteps(ctx, st, "teardown", suite.Teardown.Steps); terr != nil && err == nil {
			err = terr
		}
		calls = st.calls
	}()
	if err := r.runSteps(ctx, st, "setup", suite.Setup.Steps); err != nil {
		return nil, err
	}
	return nil, r.runSteps(ctx, st, "test", t.Steps)
}

func (r *Runner) runSteps(ctx context.Context, st *state, where string, steps []Step) error {
	for _, step := range steps {
		var err error
		if step.Kind == "do" {
			err = r.do(ctx, st, step.Do, fmt.Sprintf("%s/%s/%d", st.id, where, step.Number))
		} else {
			err = assert(step, st.body, st.stash)
		}
		if err != nil {
			label := step.Kind
			if step.Do != nil {
				label += " " + step.Do.API
			}
			return fmt.Errorf("%s step %d (%s): %w", where, step.Number, label, err)
		}
	}
	return nil
}

// catchStatus maps the named catch kinds to their status codes.
var catchStatus = map[string]int{
	"bad_request": 400, "unauthorized": 401, "forbidden": 403, "missing": 404,
	"request_timeout": 408, "conflict": 409, "unavailable": 503,
}

func (r *Runner) do(ctx context.Context, st *state, d *Do, key string) error {
	api, ok := r.apis[d.API]
	if !ok {
		return fmt.Errorf("no API spec for [%s]", d.API)
	}
	req, err := r.request(st, api, d, key)
	var clientErr *ClientError
	if errors.As(err, &clientErr) && d.Catch == "param" {
		return nil
	}
	if err != nil {
		return err
	}
	if d.Catch == "param" {
		return errors.New("expected a client-side parameter error, but the request is valid")
	}
	if d.NodeSelector != nil && !d.NodeSelector.Contains(r.opts.Version) {
		return fmt.Errorf("no node matches the node_selector (server is %s)", r.opts.Version)
	}
	resp, err := conformance.Send(ctx, r.opts.Client, req)
	call := req.Method + " " + strings.TrimPrefix(req.URL, strings.TrimRight(st.target.URL(), "/"))
	if err != nil {
		st.calls = append(st.calls, fmt.Sprintf("%s -> %v", call, err))
		return err
	}
	st.calls = append(st.calls, fmt.Sprintf("%s -> %d", call, resp.Status))
	st.body = resp.Value
	if req.Method == http.MethodHead {
		st.body = resp.Status >= 200 && resp.Status < 300
	}
	isError := resp.Status >= 400
	for _, code := range d.Ignore {
		if resp.Status == code {
			isError = false
		}
	}
	if req.Method == http.MethodHead && resp.Status == http.StatusNotFound {
		isError = false
	}
	if err := checkCatch(d.Catch, isError, resp, st.body); err != nil {
		return err
	}
	if isError {
		return nil // as in the reference runner, warnings of errors are not checked
	}
	texts, unmatched := conformance.Warnings(resp.Header)
	return checkWarnings(d, texts, unmatched)
}

// request builds the HTTP request of a do step after stash substitution.
func (r *Runner) request(st *state, api *API, d *Do, key string) (conformance.Request, error) {
	pv, err := st.stash.Replace(d.Params)
	if err != nil {
		return conformance.Request{}, err
	}
	methods, p, query, err := api.Build(pv.(*conformance.Map), d.HasBody)
	if err != nil {
		return conformance.Request{}, err
	}
	method := ChooseMethod(methods, key)
	u := strings.TrimRight(st.target.URL(), "/") + p
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	req := conformance.Request{Method: method, URL: u, Header: http.Header{}}
	if d.HasBody {
		body, err := st.stash.Replace(d.Body)
		if err != nil {
			return conformance.Request{}, err
		}
		var ndjson bool
		req.Body, ndjson, err = encodeBody(body, api.NDJSON)
		if err != nil {
			return conformance.Request{}, err
		}
		req.Header.Set("Content-Type", "application/json")
		if ndjson {
			req.Header.Set("Content-Type", "application/x-ndjson")
		}
	}
	for _, e := range d.Headers.Entries() {
		v, err := st.stash.Replace(e.Value)
		if err != nil {
			return conformance.Request{}, err
		}
		req.Header.Set(e.Key, conformance.Text(v))
	}
	return req, nil
}

// encodeBody renders a body: a list is NDJSON (objects encoded, strings sent
// as written), a string is sent as is, anything else is JSON.
func encodeBody(body any, ndjsonAPI bool) ([]byte, bool, error) {
	switch x := body.(type) {
	case string:
		return []byte(x), ndjsonAPI, nil
	case []any:
		var b []byte
		for _, line := range x {
			if s, ok := line.(string); ok {
				b = append(b, strings.TrimRight(s, "\n")...)
			} else {
				enc, err := conformance.EncodeJSON(line)
				if err != nil {
					return nil, false, err
				}
				b = append(b, enc...)
			}
			b = append(b, '\n')
		}
		return b, true, nil
	default:
		b, err := conformance.EncodeJSON(x)
		return b, false, err
	}
}

// checkWarnings fails on a warning neither expected nor allowed, on an
// expected warning missing, and on a Warning header it cannot read.
// Warnings about type removal are ignored, as the reference runner does.
func checkWarnings(d *Do, got, unmatched []string) error {
	if len(unmatched) > 0 {
		return fmt.Errorf("unreadable warning headers: %q", unmatched)
	}
	want := map[string]bool{}
	for _, w := range d.Warnings {
		want[w] = false
	}
	allowed := map[string]bool{}
	for _, w := range d.AllowedWarnings {
		allowed[w] = true
	}
	var unexpected []string
	for _, w := range got {
		if _, ok := want[w]; ok {
			want[w] = true
			continue
		}
		if strings.HasPrefix(w, "[types removal]") {
			continue
		}
		if !allowed[w] {
			unexpected = append(unexpected, w)
		}
	}
	if len(unexpected) > 0 {
		return fmt.Errorf("unexpected warning headers: %q", unexpected)
	}
	var missing []string
	for _, w := range d.Warnings {
		if !want[w] {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("expected warning headers missing: %q (got %q)", missing, got)
	}
	return nil
}

func checkCatch(catch string, isError bool, resp *conformance.Response, body any) error {
	if catch == "" {
		if isError {
			return fmt.Errorf("status %d: %s", resp.Status, conformance.Short(body))
		}
		return nil
	}
	if !isError {
		return fmt.Errorf("expected an error (catch: %s), got status %d: %s", catch, resp.Status, conformance.Short(body))
	}
	if code, ok := catchStatus[catch]; ok {
		if resp.Status != code {
			return fmt.Errorf("catch: %s wants status %d, got %d: %s", catch, code, resp.Status, conformance.Short(body))
		}
		return nil
	}
	if catch == "request" {
		for _, code := range catchStatus {
			if resp.Status == code && code != 503 {
				return fmt.Errorf("catch: request wants an unnamed error status, got %d", resp.Status)
			}
		}
		return nil
	}
	if len(catch) > 2 && strings.HasPrefix(catch, "/") && strings.HasSuffix(catch, "/") {
		re, err := regexp.Compile(catch[1 : len(catch)-1])
		if err != nil {
			return fmt.Errorf("catch regex cannot be compiled by Go: %w", err)
		}
		errValue, _ := conformance.Lookup(body, []string{"error"})
		if errValue == nil {
			return fmt.Errorf("catch: %s: no error in the response (status %d): %s", catch, resp.Status, conformance.Short(body))
		}
		text := conformance.JavaString(errValue)
		if !re.MatchString(text) {
			return fmt.Errorf("catch: %s: status %d, error %s does not match", catch, resp.Status, conformance.Short(errValue))
		}
		return nil
	}
	return fmt.Errorf("unknown catch %q", catch)
}
