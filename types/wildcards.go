package types

import (
	"net/url"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// ExpandWildcards lists which kinds of indexes a wildcard expression may match.
// It is sent comma-joined ("open,hidden"), in URL parameters and in JSON alike.
type ExpandWildcards []string

// The values ExpandWildcards may hold.
const (
	WildcardsAll    = "all"
	WildcardsOpen   = "open"
	WildcardsClosed = "closed"
	WildcardsHidden = "hidden"
	WildcardsNone   = "none"
)

// String returns the comma-joined form.
func (e ExpandWildcards) String() string { return strings.Join(e, ",") }

// EncodeValues implements go-querystring's Encoder; an empty list adds nothing.
func (e ExpandWildcards) EncodeValues(key string, v *url.Values) error {
	if len(e) > 0 {
		v.Set(key, e.String())
	}
	return nil
}

// MarshalJSON writes the comma-joined string the server accepts in msearch headers.
func (e ExpandWildcards) MarshalJSON() ([]byte, error) {
	return jsonx.Marshal(e.String())
}

// UnmarshalJSON reads a comma-joined string or an array of strings.
func (e *ExpandWildcards) UnmarshalJSON(b []byte) error {
	var list []string
	if err := unmarshalStringOrList(b, &list); err != nil {
		return err
	}
	var out ExpandWildcards
	for _, s := range list {
		for _, part := range strings.Split(s, ",") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	}
	*e = out
	return nil
}
