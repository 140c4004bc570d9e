package query_test

import (
	"encoding/json"
	"fmt"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func ExampleBool() {
	q := query.Bool().
		Must(query.Match("title", "quick fox").WithOperator(types.OperatorAnd)).
		Filter(query.Range("published").Gte("now-1y/d").WithFormat("strict_date_optional_time")).
		MustNot(query.Term("status", "draft")).
		WithBoost(2)
	out, _ := json.Marshal(q)
	fmt.Println(string(out))
	// Output: {"bool":{"must":[{"match":{"title":{"query":"quick fox","operator":"and"}}}],"filter":[{"range":{"published":{"gte":"now-1y/d","format":"strict_date_optional_time"}}}],"must_not":[{"term":{"status":{"value":"draft"}}}],"boost":2}}
}
