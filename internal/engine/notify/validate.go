package notify

import (
	"regexp"
	"strconv"
	"strings"
)

// Checks from common-utils' ValidationHelpers and the model classes.

// javaEOL is what Java's "$" accepts before the end of input.
const javaEOL = `(?:\r\n|[\n\r\x{85}\x{2028}\x{2029}])?\z`

var (
	emailPattern = regexp.MustCompile(`(?i)^(?:` +
		`(?:[a-z0-9!#$%&'*+/=?^_` + "`" + `{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_` + "`" + `{|}~-]+)*` +
		`|"(?:[\x01-\x08\x0b\x0c\x0e-\x1f\x21\x23-\x5b\x5d-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*")` +
		`@(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?` +
		`|\[(?:(?:(2(5[0-5]|[0-4][0-9])|1[0-9][0-9]|[1-9]?[0-9]))\.){3}` +
		`(?:(2(5[0-5]|[0-4][0-9])|1[0-9][0-9]|[1-9]?[0-9])|[a-z0-9-]*[a-z0-9]:` +
		`(?:[\x01-\x08\x0b\x0c\x0e-\x1f\x21-\x5a\x53-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])+)\])` +
		`)$`)
	snsARNPattern  = regexp.MustCompile(`^arn:aws(-[^:]+)?:sns:([a-zA-Z0-9-]+):([0-9]{12}):([a-zA-Z_0-9+=,.@\-_/]+)` + javaEOL)
	roleARNPattern = regexp.MustCompile(`^arn:aws(-[^:]+)?:iam::([0-9]{12}):([a-zA-Z_0-9+=,.@\-_/]+)` + javaEOL)
	teamsURL       = regexp.MustCompile(`https://[^\n\r\x{85}\x{2028}\x{2029}]*\.webhook\.office\.com`)
)

// validEmail is isValidEmail. The Java pattern folds ASCII case only and
// admits no character above 0x7f, so non-ASCII input never matches.
func validEmail(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return emailPattern.MatchString(s)
}

func checkEmail(s string) *Error {
	if !validEmail(s) {
		return illegalArgument("Invalid email address")
	}
	return nil
}

func checkRoleARN(arn string) *Error {
	if !roleARNPattern.MatchString(arn) {
		return illegalArgument("Invalid AWS role ARN: " + arn + " ")
	}
	return nil
}

// validIDChar reports whether c may appear in a config id (base64 plus "_-").
func validIDChar(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '+' || c == '/' || c == '_' || c == '-'
}

// checkID is validateId: non-blank and only valid characters.
func checkID(id string) *Error {
	ok := strings.TrimFunc(id, isJavaWhitespace) != ""
	var bad strings.Builder
	for _, c := range id {
		if !validIDChar(c) {
			ok = false
			bad.WriteRune(c)
		}
	}
	if !ok {
		return illegalArgument("Invalid characters in id : " + bad.String())
	}
	return nil
}

// isJavaWhitespace approximates Character.isWhitespace, used by isNotBlank.
func isJavaWhitespace(r rune) bool {
	switch r {
	case '\u00a0', '\u2007', '\u202f':
		return false
	case ' ', '\t', '\n', '\v', '\f', '\r', '\x1c', '\x1d', '\x1e', '\x1f',
		'\u1680', '\u2028', '\u2029', '\u205f', '\u3000':
		return true
	}
	return r >= '\u2000' && r <= '\u200a'
}

// javaURLProtocols are the protocols java.net.URL has handlers for.
var javaURLProtocols = map[string]bool{
	"http": true, "https": true, "ftp": true, "file": true, "jar": true, "mailto": true, "jrt": true,
}

// checkURL is validateUrl: java.net.URL must parse the string (else a
// MalformedURLException, 500) and the protocol must be http or https.
func checkURL(spec string) *Error {
	s := strings.TrimFunc(spec, func(r rune) bool { return r <= ' ' })
	if len(s) >= 4 && strings.EqualFold(s[:4], "url:") {
		s = s[4:]
	}
	proto := ""
	for i, c := range s {
		if c == '/' {
			break
		}
		if c == ':' {
			if i > 0 && validProtocol(s[:i]) {
				proto = strings.ToLower(s[:i])
			}
			break
		}
	}
	if proto == "" {
		return malformedURL("no protocol: " + spec)
	}
	if !javaURLProtocols[proto] {
		return malformedURL("unknown protocol: " + proto)
	}
	if proto != "http" && proto != "https" {
		return illegalArgument("Invalid URL or unsupported")
	}
	if port, ok := urlPort(s[len(proto)+1:]); ok {
		// JDK 21's URLStreamHandler reports the first non-digit of the port.
		for i, c := range []rune(port) {
			if c < '0' || c > '9' {
				return malformedURL(`Error at index ` + strconv.Itoa(i) + ` in: "` + port + `"`)
			}
		}
	}
	return nil
}

// validProtocol is URL.isValidProtocol: a letter, then letters, digits, ".+-".
func validProtocol(p string) bool {
	for i, c := range p {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if i == 0 && !letter {
			return false
		}
		if !letter && !(c >= '0' && c <= '9') && c != '.' && c != '+' && c != '-' {
			return false
		}
	}
	return true
}

// urlPort extracts the text after the host's ":" in "//host:port/...",
// skipping bracketed IPv6 literals.
func urlPort(rest string) (string, bool) {
	if !strings.HasPrefix(rest, "//") {
		return "", false
	}
	auth := rest[2:]
	if i := strings.IndexAny(auth, "/?#"); i >= 0 {
		auth = auth[:i]
	}
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		auth = auth[i+1:]
	}
	if strings.HasPrefix(auth, "[") {
		i := strings.IndexByte(auth, ']')
		if i < 0 {
			return "", false
		}
		auth = auth[i+1:]
		if !strings.HasPrefix(auth, ":") {
			return "", false
		}
		return auth[1:], true
	}
	i := strings.IndexByte(auth, ':')
	if i < 0 {
		return "", false
	}
	return auth[i+1:], true
}

func malformedURL(reason string) *Error {
	return &Error{Status: 500, Type: "malformed_url_exception", Reason: reason}
}
