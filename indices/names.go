package indices

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
			return "", errors.New("indices: name " + strconv.Itoa(i) + " of the list is empty")
		}
	}
	return strings.Join(names, ","), nil
}
