package search

import (
	"errors"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// joinNames is transport.JoinNames for this package's errors.
func joinNames(names []string) (string, error) { return transport.JoinNames("search", names) }

// checkIDs refuses an empty id list (or an empty id) for op: an empty list must not
// become "every one of them" on the server. all names the call that does mean that.
func checkIDs(op, all string, ids []string) error {
	if len(ids) == 0 {
		return errors.New("search: " + op + " needs at least one id; " + all + " frees every one of them")
	}
	for i, id := range ids {
		if id == "" {
			return errors.New("search: " + op + ": id " + strconv.Itoa(i) + " is empty")
		}
		if id == "_all" {
			return errors.New("search: " + op + ": the id _all means every one of them; use " + all)
		}
	}
	return nil
}
