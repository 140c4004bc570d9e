package dsl

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// MoreLikeThis is more_like_this: documents sharing the most telling terms
// of some texts and documents (MoreLikeThisQueryBuilder).
type MoreLikeThis struct {
	Base
	Fields                       []string // nil: the default fields
	LikeTexts, UnlikeTexts       []string
	LikeDocs, UnlikeDocs         []*MLTItem
	MaxQueryTerms                int // 25
	MinTermFreq                  int // 2
	MinDocFreq                   int // 5
	MaxDocFreq                   int // unlimited
	MinWordLength, MaxWordLength int
	StopWords                    []string
	Analyzer                     string
	MinimumShouldMatch           string // "30%"
	BoostTerms                   float32
	Include                      bool
	FailOnUnsupportedField       bool // true
}

// MLTItem is a document to take terms from: one stored ({"_index",
// "_id"}) or given ({"doc"}).
type MLTItem struct {
	Index, ID, Routing string
	// Doc is an artificial document. Sources are the stored one's _source
	// per index searched, fetched before the shards run (nil when it does
	// not exist); read-only once the shards run.
	Doc     jsonout.Object
	Sources map[string]jsonout.Object
}

// Kind returns "more_like_this".
func (*MoreLikeThis) Kind() string { return "more_like_this" }

// parseMoreLikeThis is MoreLikeThisQueryBuilder.fromXContent.
func parseMoreLikeThis(obj *xcontent.Value) (Query, *Error) {
	q := &MoreLikeThis{Base: newBase(obj), MaxQueryTerms: 25, MinTermFreq: 2, MinDocFreq: 5, MaxDocFreq: math.MaxInt32,
		MinimumShouldMatch: "30%", FailOnUnsupportedField: true}
	fieldsSet := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		var err *Error
		switch m.Key {
		case "like", "unlike":
			items := []xcontent.Value{*v}
			if v.Kind == xcontent.Array {
				items = v.Items
			}
			for j := range items {
				it := &items[j]
				switch it.Kind {
				case xcontent.String:
					if m.Key == "like" {
						q.LikeTexts = append(q.LikeTexts, it.Str)
					} else {
						q.UnlikeTexts = append(q.UnlikeTexts, it.Str)
					}
				case xcontent.Object:
					item, ierr := parseMLTItem(it)
					if ierr != nil {
						return nil, ierr
					}
					if m.Key == "like" {
						q.LikeDocs = append(q.LikeDocs, item)
					} else {
						q.UnlikeDocs = append(q.UnlikeDocs, item)
					}
				default:
					return nil, illegalArgument("Content of 'like' parameter should either be a string or an object")
				}
			}
			continue
		case "fields", "stop_words":
			if v.Kind != xcontent.Array {
				return nil, parsingAt(v, "[mlt] query does not support ["+m.Key+"]")
			}
			list := []string{}
			for j := range v.Items {
				list = append(list, v.Items[j].Text())
			}
			if m.Key == "fields" {
				q.Fields, fieldsSet = list, true
			} else {
				q.StopWords = list
			}
			continue
		}
		if !isValue(v) {
			return nil, parsingAt(v, "[mlt] query does not support ["+m.Key+"]")
		}
		switch m.Key {
		case "max_query_terms":
			err = optInt(&q.MaxQueryTerms, v)
		case "min_term_freq":
			err = optInt(&q.MinTermFreq, v)
		case "min_doc_freq":
			err = optInt(&q.MinDocFreq, v)
		case "max_doc_freq":
			err = optInt(&q.MaxDocFreq, v)
		case "min_word_length":
			err = optInt(&q.MinWordLength, v)
		case "max_word_length":
			err = optInt(&q.MaxWordLength, v)
		case "analyzer":
			q.Analyzer = v.Text()
		case "minimum_should_match":
			q.MinimumShouldMatch = v.Text()
		case "boost_terms":
			err = optFloat(&q.BoostTerms, v)
		case "include":
			err = optBool(&q.Include, v)
		case "fail_on_unsupported_field":
			err = optBool(&q.FailOnUnsupportedField, v)
		case "boost":
			err = optFloat(&q.Boost, v)
		case "_name":
			q.Name = v.Text()
		default:
			return nil, parsingAt(v, "[mlt] query does not support ["+m.Key+"]")
		}
		if err != nil {
			return nil, err
		}
	}
	if len(q.LikeTexts) == 0 && len(q.LikeDocs) == 0 {
		return nil, illegalArgument("more_like_this requires 'like' to be specified")
	}
	if fieldsSet && len(q.Fields) == 0 {
		return nil, illegalArgument("mlt query requires 'fields' to be specified")
	}
	return q, nil
}

// parseMLTItem is MoreLikeThisQueryBuilder.Item's parser.
func parseMLTItem(v *xcontent.Value) (*MLTItem, *Error) {
	it := &MLTItem{}
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		switch m.Key {
		case "_index":
			it.Index = val.Text()
		case "_id":
			it.ID = val.Text()
		case "routing":
			it.Routing = val.Text()
		case "doc":
			d, err := jsonout.Decode(val.AppendJSON(nil))
			o, ok := d.(jsonout.Object)
			if err != nil || !ok {
				return nil, parseException("failed to parse More Like This item. field [doc] must be an object")
			}
			it.Doc = o
		case "fields", "per_field_analyzer", "version", "version_type":
			// accepted; the fake takes the query's fields and analyzers
		default:
			return nil, parseException("failed to parse More Like This item. unknown field [" + m.Key + "]")
		}
	}
	if it.ID == "" && it.Doc == nil {
		return nil, illegalArgument("Neither id nor doc is specified for an item of more_like_this")
	}
	return it, nil
}
