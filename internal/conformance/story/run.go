package story

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// Distribution is the distribution name the runner reports for the server.
const Distribution = "opensearch.org"

// Options configure a Runner.
type Options struct {
	// Dir is the suite folder; stories live under Dir/tests.
	Dir string
	// Prefix starts every result id and group, e.g. "api-spec".
	Prefix string
	// NewTarget starts a fresh server; the runner starts one per story.
	NewTarget conformance.NewTarget
	// Version is the server version stories are gated by. When it is zero
	// the runner asks a fresh target's GET /.
	Version conformance.Version
	// Client makes the HTTP calls; nil means a client with a 30s timeout.
	Client *http.Client
	// StoryTimeout bounds one story; 0 means 2m.
	StoryTimeout time.Duration
}

// Runner runs story files. It is safe for concurrent use.
type Runner struct {
	opts Options
}

// New returns a runner, reading the version from a fresh target when none
// is given.
func New(ctx context.Context, opts Options) (*Runner, error) {
	if opts.NewTarget == nil {
		return nil, errors.New("story: NewTarget is required")
	}
	if opts.Client == nil {
		opts.Client = &http.Client{Timeout: 30 * time.Second}
	}
	if opts.StoryTimeout == 0 {
		opts.StoryTimeout = 2 * time.Minute
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
	return &Runner{opts: opts}, nil
}

// Version returns the server version stories are gated by.
func (r *Runner) Version() conformance.Version { return r.opts.Version }

// Files lists the story files under Dir/tests (slash-separated, relative to
// Dir/tests, sorted).
func (r *Runner) Files() ([]string, error) {
	root := filepath.Join(r.opts.Dir, "tests")
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(files)
	return files, err
}

// run is one story run: the server and the chapters' saved outputs.
type run struct {
	r       *Runner
	target  conformance.Target
	outputs map[string]map[string]any
	// calls records each request and its status for failure transcripts.
	calls []string
}

// RunFile runs one story (rel is relative to Dir/tests) and returns a result
// per chapter and method, plus "(epilogues)" when the story has epilogues.
// A story that cannot be read or parsed yields one failed "(file)" result.
func (r *Runner) RunFile(ctx context.Context, rel string) []conformance.Result {
	id := r.opts.Prefix + "/" + rel
	group := r.opts.Prefix + "/" + path.Dir(rel)
	data, err := os.ReadFile(filepath.Join(r.opts.Dir, "tests", filepath.FromSlash(rel)))
	var s *Story
	if err == nil {
		s, err = Parse(data)
	}
	if err != nil {
		return []conformance.Result{{ID: id + " :: (file)", Group: group, Status: conformance.Failed, Reason: err.Error()}}
	}
	type item struct {
		chapter *Chapter
		method  string
		result  conformance.Result
	}
	var items []*item
	seen := map[string]int{}
	for i := range s.Chapters {
		c := &s.Chapters[i]
		for _, m := range c.Methods {
			name := c.Synopsis
			if len(c.Methods) > 1 {
				name += " [" + m + "]"
			}
			seen[name]++
			if n := seen[name]; n > 1 {
				name += fmt.Sprintf(" #%d", n)
			}
			items = append(items, &item{c, m, conformance.Result{ID: id + " :: " + name, Group: group}})
		}
	}
	results := func() []conformance.Result {
		out := make([]conformance.Result, 0, len(items)+1)
		for _, it := range items {
			out = append(out, it.result)
		}
		return out
	}
	if reason, skip := r.gate(s.Version, s.Distributions, "story"); skip {
		for _, it := range items {
			it.result.Status, it.result.Reason = conformance.Skipped, reason
		}
		return results()
	}

	ctx, cancel := context.WithTimeout(ctx, r.opts.StoryTimeout)
	defer cancel()
	target, err := r.opts.NewTarget()
	if err != nil {
		for _, it := range items {
			it.result.Status, it.result.Reason = conformance.Failed, "starting the server: "+err.Error()
		}
		return results()
	}
	defer target.Close()
	st := &run{r: r, target: target, outputs: map[string]map[string]any{}}

	// As in the reference tool, a failed prologue, or a chapter that gets a
	// wrong status or cannot save its output, stops the story: the chapters
	// after it are not run (reported as failures naming the cause).
	blocked := st.supplemental(ctx, "prologue", s.Prologues)
	for _, it := range items {
		c := it.chapter
		switch reason, skip := r.chapterGate(c); {
		case skip:
			it.result.Status, it.result.Reason = conformance.Skipped, reason
		case blocked != nil:
			it.result.Status, it.result.Reason = conformance.Failed, "not run: "+blocked.Error()
		default:
			err := st.chapter(ctx, c, it.method)
			if err != nil {
				it.result.Status, it.result.Reason = conformance.Failed, err.Error()
				it.result.Transcript = append([]string(nil), st.calls...)
			}
			var stop *stopError
			if errors.As(err, &stop) {
				blocked = fmt.Errorf("an earlier chapter failed (%s): %w", c.Synopsis, err)
			}
		}
	}
	out := results()
	if len(s.Epilogues) > 0 {
		res := conformance.Result{ID: id + " :: (epilogues)", Group: group}
		if err := st.supplemental(ctx, "epilogue", s.Epilogues); err != nil {
			res.Status, res.Reason, res.Transcript = conformance.Failed, err.Error(), st.calls
		}
		out = append(out, res)
	}
	return out
}

// gate applies a version range and distribution list.
func (r *Runner) gate(version string, d *Distributions, where string) (string, bool) {
	if version != "" {
		rng, err := conformance.ParseSemverRange(version)
		if err != nil {
			return "", false // Parse has already rejected bad ranges
		}
		if !rng.Contains(r.opts.Version) {
			return fmt.Sprintf("%s needs version %s and the server is %s", where, version, r.opts.Version), true
		}
	}
	if d != nil {
		for _, x := range d.Excluded {
			if x == Distribution {
				return fmt.Sprintf("%s excludes the %s distribution", where, Distribution), true
			}
		}
		if len(d.Included) > 0 {
			in := false
			for _, x := range d.Included {
				in = in || x == Distribution
			}
			if !in {
				return fmt.Sprintf("%s only runs on %s", where, strings.Join(d.Included, ", ")), true
			}
		}
	}
	return "", false
}

func (r *Runner) chapterGate(c *Chapter) (string, bool) {
	if c.Pending != "" {
		return "pending in the suite: " + c.Pending, true
	}
	return r.gate(c.Version, c.Distributions, "chapter")
}

// stopError is a chapter failure that stops the story: a wrong status or an
// output that cannot be saved (the reference tool's ERROR result).
type stopError struct{ err error }

// Error returns the underlying failure.
func (e *stopError) Error() string { return e.err.Error() }

// Unwrap returns the underlying failure.
func (e *stopError) Unwrap() error { return e.err }

// supplemental runs all prologues or epilogues and returns the first
// failure.
func (st *run) supplemental(ctx context.Context, kind string, list []Chapter) error {
	var first error
	for i := range list {
		c := &list[i] // not gated by version: the reference tool runs them all
		for _, m := range c.Methods {
			err := st.withRetry(ctx, c, func() error { return st.supplementalOnce(ctx, c, m) })
			if err != nil && first == nil {
				first = fmt.Errorf("%s %d (%s %s): %w", kind, i+1, m, c.Path, err)
			}
		}
	}
	return first
}

func (st *run) supplementalOnce(ctx context.Context, c *Chapter, method string) error {
	resp, err := st.call(ctx, c, method)
	if err != nil {
		return err
	}
	if err := st.save(c, resp); err != nil {
		return fmt.Errorf("status %d, %w: %s", resp.Status, err, conformance.Short(resp.Value))
	}
	for _, s := range c.Allowed {
		if s == resp.Status {
			return nil
		}
	}
	return fmt.Errorf("status %d, want one of %v: %s", resp.Status, c.Allowed, conformance.Short(resp.Value))
}

// withRetry runs attempt once, plus the chapter's retries while it fails.
func (st *run) withRetry(ctx context.Context, c *Chapter, attempt func() error) error {
	attempts := 1
	wait := time.Duration(0)
	if c.Retry != nil && c.Retry.Count > 0 {
		attempts += c.Retry.Count
		wait = time.Duration(c.Retry.WaitMillis) * time.Millisecond
	}
	var err error
	for a := 0; a < attempts; a++ {
		if a > 0 {
			select {
			case <-ctx.Done():
				return fmt.Errorf("%w (last attempt: %v)", ctx.Err(), err)
			case <-time.After(wait):
			}
		}
		if err = attempt(); err == nil {
			return nil
		}
	}
	return err
}

func (st *run) chapter(ctx context.Context, c *Chapter, method string) error {
	return st.withRetry(ctx, c, func() error {
		resp, err := st.call(ctx, c, method)
		if err != nil {
			return &stopError{err}
		}
		return st.check(c, resp)
	})
}

// check evaluates a chapter's response: the status (a mismatch stops the
// story), then the outputs, the content type and the subset-matched payload.
func (st *run) check(c *Chapter, resp *conformance.Response) error {
	exp := c.Expected
	ok := false
	for _, s := range exp.Statuses {
		ok = ok || s == resp.Status
	}
	if !ok {
		return &stopError{fmt.Errorf("status %d, want %v: %s", resp.Status, exp.Statuses, conformance.Short(resp.Value))}
	}
	if err := st.save(c, resp); err != nil {
		return &stopError{fmt.Errorf("%w: %s", err, conformance.Short(resp.Value))}
	}
	want := exp.ContentType
	if want == "" {
		want = "application/json"
	}
	got, _, _ := strings.Cut(resp.Header.Get("Content-Type"), ";")
	if strings.TrimSpace(got) != want {
		return fmt.Errorf("content type %q, want %q", resp.Header.Get("Content-Type"), want)
	}
	if exp.HasPayload {
		expected, err := st.substitute(exp.Payload)
		if err != nil {
			return err
		}
		actual := resp.Value
		if actual == nil && resp.Status != 0 {
			actual = conformance.NewMap() // an empty JSON body reads as {}
		}
		if diffs := conformance.Subset(expected, actual); len(diffs) > 0 {
			return fmt.Errorf("payload differs: %s", strings.Join(diffs, "; "))
		}
	}
	return nil
}

// save stores a chapter's outputs under its id; an output with no value
// and no default is an error.
func (st *run) save(c *Chapter, resp *conformance.Response) error {
	if len(c.Output) == 0 {
		return nil
	}
	vars := map[string]any{}
	for _, o := range c.Output {
		var v any
		if name, ok := strings.CutPrefix(o.Path, "headers."); ok {
			if h := resp.Header.Get(name); h != "" {
				v = h
			}
		} else {
			rest := strings.TrimPrefix(strings.TrimPrefix(o.Path, "payload"), ".")
			v, _ = conformance.Lookup(resp.Value, conformance.SplitPath(rest))
		}
		if v == nil && o.HasDefault {
			v = o.Default
		}
		if v == nil {
			return fmt.Errorf("output %s: no value at %s", o.Name, o.Path)
		}
		vars[o.Name] = v
	}
	if c.ID != "" {
		st.outputs[c.ID] = vars
	}
	return nil
}

// call sends a chapter's request with output variables substituted.
func (st *run) call(ctx context.Context, c *Chapter, method string) (*conformance.Response, error) {
	params, err := st.substitute(c.Parameters)
	if err != nil {
		return nil, err
	}
	p, query, err := buildPath(c.Path, params.(*conformance.Map))
	if err != nil {
		return nil, err
	}
	u := strings.TrimRight(st.target.URL(), "/") + p
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	// Like the reference tool, always send a Content-Type (JSON unless the
	// chapter says otherwise); a Content-Type header overrides it.
	ct := c.ContentType
	if ct == "" {
		ct = "application/json"
	}
	req := conformance.Request{Method: method, URL: u, Header: http.Header{"Content-Type": {ct}}}
	if c.HasPayload {
		payload, err := st.substitute(c.Payload)
		if err != nil {
			return nil, err
		}
		req.Body, err = encodePayload(payload, ct)
		if err != nil {
			return nil, err
		}
	}
	headers, err := st.substitute(c.Headers)
	if err != nil {
		return nil, err
	}
	if h, ok := headers.(*conformance.Map); ok {
		for _, e := range h.Entries() {
			req.Header.Set(e.Key, conformance.Text(e.Value))
		}
	}
	resp, err := conformance.Send(ctx, st.r.opts.Client, req)
	call := method + " " + p
	if len(query) > 0 {
		call += "?" + query.Encode()
	}
	if err != nil {
		st.calls = append(st.calls, fmt.Sprintf("%s -> %v", call, err))
		return nil, err
	}
	st.calls = append(st.calls, fmt.Sprintf("%s -> %d", call, resp.Status))
	return resp, nil
}

// encodePayload renders a payload: NDJSON content with a list is one JSON
// line per element; a string is sent as written; anything else is JSON.
func encodePayload(payload any, contentType string) ([]byte, error) {
	if list, ok := payload.([]any); ok && strings.HasPrefix(contentType, "application/x-ndjson") {
		var b []byte
		for _, line := range list {
			enc, err := conformance.EncodeJSON(line)
			if err != nil {
				return nil, err
			}
			b = append(append(b, enc...), '\n')
		}
		return b, nil
	}
	if s, ok := payload.(string); ok {
		return []byte(s), nil
	}
	return conformance.EncodeJSON(payload)
}

var placeholder = regexp.MustCompile(`\{([^{}]+)\}`)

// buildPath fills the path template's placeholders from params; the other
// parameters become the query string.
func buildPath(template string, params *conformance.Map) (string, url.Values, error) {
	used := map[string]bool{}
	var missing []string
	p := placeholder.ReplaceAllStringFunc(template, func(m string) string {
		name := m[1 : len(m)-1]
		v, ok := params.Get(name)
		if !ok {
			missing = append(missing, name)
			return m
		}
		used[name] = true
		elems := strings.Split(paramString(v), ",")
		for i, e := range elems {
			elems[i] = url.PathEscape(e)
		}
		return strings.Join(elems, ",")
	})
	if len(missing) > 0 {
		return "", nil, fmt.Errorf("path %s: no value for %s", template, strings.Join(missing, ", "))
	}
	query := url.Values{}
	for _, e := range params.Entries() {
		if !used[e.Key] {
			query.Set(e.Key, paramString(e.Value))
		}
	}
	return p, query, nil
}

func paramString(v any) string {
	if list, ok := v.([]any); ok {
		parts := make([]string, len(list))
		for i, e := range list {
			parts[i] = conformance.Text(e)
		}
		return strings.Join(parts, ",")
	}
	return conformance.Text(v)
}

var variable = regexp.MustCompile(`\$\{([^}.]+)\.([^}]+)\}`)

// substitute replaces ${chapter.name} references to saved outputs; a string
// that is exactly one reference takes the saved value's type.
func (st *run) substitute(v any) (any, error) {
	switch x := v.(type) {
	case string:
		if m := variable.FindStringSubmatch(x); m != nil && m[0] == x {
			return st.variable(m[1], m[2])
		}
		var err error
		out := variable.ReplaceAllStringFunc(x, func(ref string) string {
			m := variable.FindStringSubmatch(ref)
			val, verr := st.variable(m[1], m[2])
			if verr != nil && err == nil {
				err = verr
			}
			return conformance.Text(val)
		})
		return out, err
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			r, err := st.substitute(e)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case *conformance.Map:
		out := conformance.NewMap()
		for _, e := range x.Entries() {
			r, err := st.substitute(e.Value)
			if err != nil {
				return nil, err
			}
			out.Set(e.Key, r)
		}
		return out, nil
	default:
		return v, nil
	}
}

func (st *run) variable(chapter, name string) (any, error) {
	v, ok := st.outputs[chapter][name]
	if !ok {
		return nil, fmt.Errorf("output ${%s.%s} was not saved", chapter, name)
	}
	return v, nil
}
