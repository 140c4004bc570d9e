package types

import "net/http"

// ResponseMeta carries the HTTP status and headers of the reply a typed response
// was decoded from. Every top-level response type embeds it, so callers can read,
// for example, the echoed X-Opaque-Id or a deprecation Warning header.
type ResponseMeta struct {
	StatusCode int         `json:"-"`
	Header     http.Header `json:"-"`
}

// SetMeta records the status and headers; the transport calls it after decoding.
func (m *ResponseMeta) SetMeta(statusCode int, header http.Header) {
	m.StatusCode = statusCode
	m.Header = header
}

// OpaqueID returns the X-Opaque-Id header the server echoed, if any.
func (m *ResponseMeta) OpaqueID() string { return m.Header.Get("X-Opaque-Id") }

// Warnings returns the Warning headers (deprecations and similar notices).
func (m *ResponseMeta) Warnings() []string { return m.Header.Values("Warning") }
