package transport

import (
	"errors"
	"strconv"
	"strings"
)

// JoinNames comma-joins a list of index (or setting) names for a path
// segment; area prefixes its error ("documents", "indices"...). An empty
// name is an error: it would silently drop out of the path and widen the
// request to every index, which for a delete is the worst possible reading.
func JoinNames(area string, names []string) (string, error) {
	for i, n := range names {
		if n == "" {
			return "", errors.New(area + ": name " + strconv.Itoa(i) + " of the list is empty")
		}
	}
	return strings.Join(names, ","), nil
}
