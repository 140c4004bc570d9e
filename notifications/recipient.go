package notifications

import (
	"bytes"
	"fmt"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Recipient is one email address of a recipient list.
//
// The server writes recipients as objects ({"recipient":"a@example.com"}); one
// documented request sample writes plain strings ("a@example.com"). Both decode;
// a Recipient always encodes as the object.
type Recipient struct {
	Recipient string `json:"recipient"`
}

// Recipients builds a recipient list from addresses.
func Recipients(addresses ...string) []Recipient {
	out := make([]Recipient, len(addresses))
	for i, a := range addresses {
		out[i] = Recipient{Recipient: a}
	}
	return out
}

// recipientObject avoids recursion into UnmarshalJSON.
type recipientObject Recipient

// UnmarshalJSON accepts "a@example.com" and {"recipient":"a@example.com"}.
func (r *Recipient) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		*r = Recipient{}
		return jsonx.Unmarshal(b, &r.Recipient)
	}
	if len(b) == 0 || b[0] != '{' {
		return fmt.Errorf("notifications: a recipient is a string or an object with \"recipient\", not %.40s", b)
	}
	var o recipientObject
	if err := jsonx.Unmarshal(b, &o); err != nil {
		return err
	}
	*r = Recipient(o)
	return nil
}
