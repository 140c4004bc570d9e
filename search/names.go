package search

import (
	"errors"
	"strconv"
	"strings"
)

// joinNames comma-joins a list of index (or setting) names for a path segment. An empty
// name is an error: it would silently drop out of the path and widen the request to every
// index, which for a delete is the worst possible reading.
func joinNames(names []string) (string, error) {
	for i, n := range names {
		if n == "" {
			return "", errors.New("search: name " + strconv.Itoa(i) + " of the list is empty")
		}
	}
	return strings.Join(names, ","), nil
}

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
