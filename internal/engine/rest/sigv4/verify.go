// Package sigv4 checks AWS Signature Version 4 on incoming requests, as
// Amazon OpenSearch Service (service "es") and OpenSearch Serverless ("aoss")
// do, and words its refusals as they do. It is the server side only: the
// fake verifies what a client signed, with a key the test gave it.
package sigv4

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// Key is the one credential the server accepts, and the scope it serves.
type Key struct {
	AccessKeyID     string
	SecretAccessKey string
	SessionToken    string // when set, requests must carry it in X-Amz-Security-Token
	Region          string
	Service         string // "es" or "aoss"
}

// MaxSkew is how far a request's X-Amz-Date may be from the server's time.
const MaxSkew = 5 * time.Minute

const (
	algorithm  = "AWS4-HMAC-SHA256"
	timeFormat = "20060102T150405Z"
)

// Refusal is a request the server turns away: Status and the JSON body AWS sends.
type Refusal struct {
	Status int
	Body   string
}

// Error returns the refusal's body.
func (r *Refusal) Error() string { return r.Body }

// refuse builds the {"message": ...} answer AWS's front end sends. The
// anonymous refusal comes from the access policy, which spells it "Message".
func refuse(field, msg string) *Refusal {
	var b strings.Builder
	b.WriteString(`{"`)
	b.WriteString(field)
	b.WriteString(`":`)
	writeJSONString(&b, msg)
	b.WriteString("}")
	return &Refusal{Status: http.StatusForbidden, Body: b.String()}
}

// Verify checks the signature of r, whose body (as received, still
// compressed if it was) is body, at server time now. It returns nil for a
// good signature, or the refusal to send.
func Verify(r *http.Request, body []byte, k Key, now time.Time) *Refusal {
	auth := r.Header.Get("Authorization")
	if !strings.HasPrefix(auth, algorithm+" ") {
		action := "es:ESHttp" + titleCase(r.Method)
		if k.Service == "aoss" {
			action = "aoss:APIAccessAll"
		}
		return refuse("Message", "User: anonymous is not authorized to perform: "+action+" because no resource-based policy allows the "+action+" action")
	}
	fields := parseAuthorization(strings.TrimPrefix(auth, algorithm+" "))
	credential, signedHeaders, signature := fields["Credential"], fields["SignedHeaders"], fields["Signature"]
	amzDate := r.Header.Get("X-Amz-Date")
	var missing []string
	for _, f := range []struct{ name, value string }{{"Credential", credential}, {"Signature", signature}, {"SignedHeaders", signedHeaders}} {
		if f.value == "" {
			missing = append(missing, "Authorization header requires '"+f.name+"' parameter.")
		}
	}
	if amzDate == "" && r.Header.Get("Date") == "" {
		missing = append(missing, "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.")
	}
	if len(missing) > 0 {
		return refuse("message", strings.Join(missing, " ")+" Authorization="+auth)
	}
	scope := strings.Split(credential, "/")
	if len(scope) != 5 || scope[4] != "aws4_request" {
		return refuse("message", "Credential should be scoped to a valid region. ")
	}
	if scope[0] != k.AccessKeyID {
		return refuse("message", "The security token included in the request is invalid.")
	}
	if scope[2] != k.Region {
		return refuse("message", "Credential should be scoped to a valid region. ")
	}
	if scope[3] != k.Service {
		return refuse("message", "Credential should be scoped to correct service: '"+k.Service+"'. ")
	}
	if k.SessionToken != "" && r.Header.Get("X-Amz-Security-Token") != k.SessionToken {
		return refuse("message", "The security token included in the request is invalid.")
	}
	signedAt, err := time.Parse(timeFormat, amzDate)
	if err != nil || scope[1] != amzDate[:8] {
		return refuse("message", "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '"+scope[1]+"' != '"+safePrefix(amzDate, 8)+"', from '"+amzDate+"'.")
	}
	now = now.UTC()
	if signedAt.Before(now.Add(-MaxSkew)) {
		return refuse("message", fmt.Sprintf("Signature expired: %s is now earlier than %s (%s - 5 min.)",
			amzDate, now.Add(-MaxSkew).Format(timeFormat), now.Format(timeFormat)))
	}
	if signedAt.After(now.Add(MaxSkew)) {
		return refuse("message", fmt.Sprintf("Signature not yet current: %s is still later than %s (%s + 5 min.)",
			amzDate, now.Add(MaxSkew).Format(timeFormat), now.Format(timeFormat)))
	}
	canonical := CanonicalRequest(r, strings.Split(signedHeaders, ";"), body)
	stringToSign := algorithm + "\n" + amzDate + "\n" + strings.Join(scope[1:], "/") + "\n" + hexSHA256([]byte(canonical))
	want := hex.EncodeToString(hmacSHA256(SigningKey(k.SecretAccessKey, scope[1], k.Region, k.Service), []byte(stringToSign)))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return refuse("message", "The request signature we calculated does not match the signature you provided. "+
			"Check your AWS Secret Access Key and signing method. Consult the service documentation for details.\n\n"+
			"The Canonical String for this request should have been\n'"+canonical+"'\n\n"+
			"The String-to-Sign should have been\n'"+stringToSign+"'\n")
	}
	return nil
}

// CanonicalRequest is SigV4's canonical form of r over the headers named in
// signed and the body as received. The path is the one on the wire, escaped
// once more, as every service but S3 expects.
func CanonicalRequest(r *http.Request, signed []string, body []byte) string {
	rawPath := r.RequestURI
	if i := strings.IndexByte(rawPath, '?'); i >= 0 {
		rawPath = rawPath[:i]
	}
	if rawPath == "" || !strings.HasPrefix(rawPath, "/") {
		rawPath = r.URL.EscapedPath()
	}
	if rawPath == "" {
		rawPath = "/"
	}
	var b strings.Builder
	b.WriteString(r.Method)
	b.WriteByte('\n')
	b.WriteString(uriEncode(rawPath, false))
	b.WriteByte('\n')
	b.WriteString(canonicalQuery(r.URL.RawQuery))
	b.WriteByte('\n')
	for _, h := range signed {
		b.WriteString(h)
		b.WriteByte(':')
		b.WriteString(headerValue(r, h))
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	b.WriteString(strings.Join(signed, ";"))
	b.WriteByte('\n')
	b.WriteString(hexSHA256(body))
	return b.String()
}

// SigningKey derives the day's key for region and service from the secret.
func SigningKey(secret, day, region, service string) []byte {
	k := hmacSHA256([]byte("AWS4"+secret), []byte(day))
	k = hmacSHA256(k, []byte(region))
	k = hmacSHA256(k, []byte(service))
	return hmacSHA256(k, []byte("aws4_request"))
}

// headerValue is the canonical value of the header named h (lower case):
// every value trimmed, inner runs of spaces reduced to one, joined by commas.
func headerValue(r *http.Request, h string) string {
	var values []string
	switch h {
	case "host":
		values = []string{r.Host}
	case "content-length":
		values = r.Header.Values("Content-Length")
		if len(values) == 0 && r.ContentLength > 0 {
			values = []string{fmt.Sprint(r.ContentLength)}
		}
	default:
		values = r.Header.Values(h)
	}
	for i, v := range values {
		values[i] = strings.Join(strings.Fields(v), " ")
	}
	return strings.Join(values, ",")
}

// canonicalQuery sorts the parameters by name, then value, each encoded as
// SigV4 wants (RFC 3986: only A-Z a-z 0-9 - _ . ~ stay literal).
func canonicalQuery(raw string) string {
	q, _ := url.ParseQuery(raw)
	var pairs []string
	for k, vs := range q {
		for _, v := range vs {
			pairs = append(pairs, uriEncode(k, true)+"="+uriEncode(v, true))
		}
	}
	sort.Strings(pairs)
	return strings.Join(pairs, "&")
}

// uriEncode escapes every byte but the unreserved ones (and "/" unless encodeSlash).
func uriEncode(s string, encodeSlash bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_', c == '.', c == '~':
			b.WriteByte(c)
		case c == '/' && !encodeSlash:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// parseAuthorization splits "Credential=..., SignedHeaders=..., Signature=...".
func parseAuthorization(s string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if ok {
			out[k] = v
		}
	}
	return out
}

func hexSHA256(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func hmacSHA256(key, data []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(data)
	return m.Sum(nil)
}

func titleCase(method string) string {
	if method == "" {
		return ""
	}
	return method[:1] + strings.ToLower(method[1:])
}

func safePrefix(s string, n int) string {
	if len(s) < n {
		return s
	}
	return s[:n]
}

// writeJSONString writes s as a JSON string literal.
func writeJSONString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}
