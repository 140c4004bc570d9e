package conformance

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
)

// maxBody bounds how much of a response body the runners read.
const maxBody = 64 << 20

// Request is one HTTP call made by a runner.
type Request struct {
	Method string
	// URL is the full address including the query string.
	URL    string
	Header http.Header
	Body   []byte
}

// Response is what a runner keeps of an HTTP response.
type Response struct {
	Status int
	Header http.Header
	Raw    []byte
	// Value is the decoded JSON body, the raw text when the body is not
	// JSON, or nil when the body is empty.
	Value any
}

// Send performs req and decodes the body.
func Send(ctx context.Context, client *http.Client, req Request) (*Response, error) {
	var body io.Reader
	if req.Body != nil {
		body = bytes.NewReader(req.Body)
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return nil, err
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			hr.Header.Add(k, v)
		}
	}
	resp, err := client.Do(hr)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, fmt.Errorf("reading the response body: %w", err)
	}
	out := &Response{Status: resp.StatusCode, Header: resp.Header, Raw: raw}
	if len(bytes.TrimSpace(raw)) > 0 {
		if v, err := DecodeJSON(raw); err == nil {
			out.Value = v
		} else {
			out.Value = string(raw)
		}
	}
	return out, nil
}

// ServerVersion asks GET / for version.number.
func ServerVersion(ctx context.Context, client *http.Client, baseURL string) (Version, error) {
	resp, err := Send(ctx, client, Request{Method: http.MethodGet, URL: strings.TrimRight(baseURL, "/") + "/"})
	if err != nil {
		return Version{}, fmt.Errorf("GET /: %w", err)
	}
	if resp.Status != http.StatusOK {
		return Version{}, fmt.Errorf("GET /: status %d", resp.Status)
	}
	number, err := Lookup(resp.Value, []string{"version", "number"})
	s, ok := number.(string)
	if err != nil || !ok {
		return Version{}, fmt.Errorf("GET /: no version.number string in %s", Short(resp.Value))
	}
	return ParseVersion(s)
}

// warningText matches one RFC 7234 warning: code, agent, quoted text.
var warningText = regexp.MustCompile(`\d{3} \S+ "((?:[^"\\]|\\.)*)"`)

// Warnings returns the texts of the response's Warning headers, and the
// header values that are not warnings in the expected format.
func Warnings(h http.Header) (texts, unmatched []string) {
	for _, v := range h.Values("Warning") {
		matches := warningText.FindAllStringSubmatch(v, -1)
		if len(matches) == 0 {
			unmatched = append(unmatched, v)
		}
		for _, m := range matches {
			text, err := strconv.Unquote(`"` + m[1] + `"`)
			if err != nil {
				text = m[1]
			}
			texts = append(texts, text)
		}
	}
	return texts, unmatched
}
