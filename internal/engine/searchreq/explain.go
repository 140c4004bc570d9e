package searchreq

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ParseExplain reads the _explain body (only "query") and q= with its
// query-string parameters.
func ParseExplain(p urlparams.Params, body []byte) (*Spec, error) {
	s := &Spec{}
	if len(strings.TrimSpace(string(body))) > 0 {
		v, err := ParseXContent(body)
		if err != nil {
			return nil, err
		}
		// RestActions.getQueryContent walks the keys in order: a query
		// is parsed where it stands, any other key fails there.
		if v.Kind != xcontent.Object {
			return nil, ParsingAt(v.Line, v.Col, "Expected [START_OBJECT] but found ["+v.Token()+"]")
		}
		for i := range v.Members {
			m := &v.Members[i]
			if m.Key != "query" {
				return nil, ParsingAt(m.Line, m.Col, "request does not support ["+m.Key+"]")
			}
			if err := s.ParseBody(&xcontent.Value{Kind: xcontent.Object, Members: v.Members[i : i+1], Line: v.Line, Col: v.Col}); err != nil {
				return nil, err
			}
		}
	}
	if q, ok := p.Param("q"); ok {
		tmp := &Spec{}
		sub := urlparams.Params{"q": q}
		for _, k := range []string{"df", "analyzer", "analyze_wildcard", "lenient", "default_operator"} {
			if v, ok := p.Param(k); ok {
				sub[k] = v
			}
		}
		if err := tmp.ApplyParams(sub); err != nil {
			return nil, err
		}
		s.Query = tmp.Query
	}
	return s, nil
}
