package tasks

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// ID is a task id, "<node>:<n>".
type ID struct {
	Node string
	N    int64
}

// IsZero reports whether id is unset (no parent).
func (id ID) IsZero() bool { return id.Node == "" }

// String renders "<node>:<n>".
func (id ID) String() string { return id.Node + ":" + strconv.FormatInt(id.N, 10) }

// ParseID parses "<node>:<n>" as the TaskId constructor does; "" and "unset"
// give the zero id.
func ParseID(s string) (ID, *apierr.Error) {
	if s == "" || s == "unset" {
		return ID{}, nil
	}
	node, num, ok := strings.Cut(s, ":")
	if !ok || node == "" || strings.Contains(num, ":") {
		return ID{}, apierr.IllegalArgument("malformed task id %s", s)
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil {
		return ID{}, apierr.IllegalArgument("malformed task id %s", s).WithCause(apierr.New(apierr.TypeNumberFormat, "For input string: \""+num+"\""))
	}
	return ID{Node: node, N: n}, nil
}
