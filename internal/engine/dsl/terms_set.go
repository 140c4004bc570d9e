package dsl

import "github.com/clustersearch/clustersearch-go/internal/engine/xcontent"

// TermsSet matches documents with at least as many of Terms as the
// document's MinimumShouldMatchField value (or the script's).
type TermsSet struct {
	Base
	Field                    string
	Terms                    []xcontent.Value
	MinimumShouldMatchField  string
	MinimumShouldMatchScript *xcontent.Value
}

// Kind returns "terms_set".
func (*TermsSet) Kind() string { return "terms_set" }

// parseTermsSet is TermsSetQueryBuilder.fromXContent.
func parseTermsSet(obj *xcontent.Value) (Query, *Error) {
	q := &TermsSet{Base: newBase(obj)}
	for i := range obj.Members {
		m := &obj.Members[i]
		if m.Value.Kind != xcontent.Object {
			return nil, parsingAt(&m.Value, "[terms_set] unknown token ["+m.Value.Token()+"] after ["+m.Key+"]")
		}
		if q.Field != "" {
			return nil, parsingAt(&m.Value, "[terms_set] query does not support multiple fields")
		}
		q.Field = m.Key
		for j := range m.Value.Members {
			o := &m.Value.Members[j]
			v := &o.Value
			var err *Error
			switch o.Key {
			case "terms":
				if v.Kind != xcontent.Array {
					return nil, parsingAt(v, "[terms_set] query does not support ["+o.Key+"]")
				}
				q.Terms = v.Items
			case "minimum_should_match_field":
				q.MinimumShouldMatchField = v.Text()
			case "minimum_should_match_script":
				q.MinimumShouldMatchScript = v
			case "_name":
				q.Name = v.Text()
			case "boost":
				err = optFloat(&q.Boost, v)
			default:
				return nil, parsingAt(v, "[terms_set] query does not support ["+o.Key+"]")
			}
			if err != nil {
				return nil, err
			}
		}
	}
	return q, nil
}
