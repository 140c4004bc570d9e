package taskdesc

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// errUnprintable marks an option value the search parser would refuse: the
// describer then prints the body as sent.
var errUnprintable = errors.New("taskdesc: value the parser refuses")

// boolOf reads a boolean option as the search parser does
// (search.BodyBool); a value it refuses is unprintable.
func boolOf(m *xcontent.Member) (bool, error) {
	b, err := search.BodyBool(m)
	if err != nil {
		return false, errUnprintable
	}
	return b, nil
}

// intOf reads an integer option as the search parser does (search.BodyInt);
// a value it refuses is unprintable.
func intOf(m *xcontent.Member) (int, error) {
	n, err := search.BodyInt(m)
	if err != nil {
		return 0, errUnprintable
	}
	return n, nil
}
