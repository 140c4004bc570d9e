package search

import (
	"bytes"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// MultiSearchEntry is one header/body pair of a multi-search.
type MultiSearchEntry struct {
	// Index is the header's index expression, else the URL's.
	Index string
	// Options are the header's wildcard and unavailable-index options.
	Options indices.Options
	// Routing is the header's routing.
	Routing string
	// Params are the header's per-search URL parameters.
	Params map[string]string
	// Body is the search body line.
	Body []byte
	// Err fails only this entry (a bad header or body).
	Err *apierr.Error
}

func asAPI(err error) *apierr.Error {
	if ae, ok := err.(*apierr.Error); ok {
		return ae
	}
	return apierr.Internal(err.Error())
}

// ParseMultiSearch splits an _msearch NDJSON body into entries as
// MultiSearchRequest.readMultiLineFormat does; index is the URL's index
// expression, the default of every entry.
func ParseMultiSearch(body []byte, index string) ([]MultiSearchEntry, *apierr.Error) {
	if len(body) > 0 && body[len(body)-1] != '\n' {
		return nil, apierr.IllegalArgument("The msearch request must be terminated by a newline [\n]")
	}
	lines := bytes.Split(body, []byte("\n"))
	lines = lines[:len(lines)-1] // the part after the final newline
	var out []MultiSearchEntry
	for i := 0; i < len(lines); i++ {
		header := bytes.TrimSpace(lines[i])
		if len(header) == 0 && i == len(lines)-1 {
			break
		}
		e := MultiSearchEntry{Index: index, Options: indices.DefaultOptions(), Params: map[string]string{}}
		if len(header) > 0 {
			v, err := xcontent.Parse(header)
			if err != nil {
				return nil, asAPI(xerr(err))
			}
			if v.Kind != xcontent.Object {
				return nil, apierr.IllegalArgument("Malformed action/metadata line [%d], expected START_OBJECT but found [%s]", i+1, v.Token())
			}
			if aerr := e.readHeader(v); aerr != nil {
				return nil, aerr
			}
		}
		i++
		if i >= len(lines) {
			break
		}
		e.Body = lines[i]
		out = append(out, e)
	}
	return out, nil
}

// readHeader reads an entry's header line.
func (e *MultiSearchEntry) readHeader(v *xcontent.Value) *apierr.Error {
	for _, m := range v.Members {
		val := &m.Value
		text := func() string {
			if val.Kind == xcontent.Array {
				s := ""
				for i, it := range val.Items {
					if i > 0 {
						s += ","
					}
					s += it.Text()
				}
				return s
			}
			return val.Text()
		}
		switch m.Key {
		case "index", "indices":
			e.Index = text()
		case "search_type", "request_cache", "preference", "cancel_after_time_interval", "phase_took", "ccs_minimize_roundtrips", "allow_partial_search_results":
			e.Params[m.Key] = text()
		case "routing":
			e.Routing = text()
		case "expand_wildcards":
			if err := e.Options.ParseExpandWildcards(text()); err != nil {
				return err
			}
		case "ignore_unavailable":
			e.Options.IgnoreUnavailable = text() == "true"
		case "allow_no_indices":
			e.Options.AllowNoIndices = text() == "true"
		case "ignore_throttled":
		default:
			return apierr.IllegalArgument("key [%s] is not supported in the metadata section", m.Key)
		}
	}
	return nil
}
