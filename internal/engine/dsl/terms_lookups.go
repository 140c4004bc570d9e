package dsl

// TermsLookups appends the terms lookups of q (and the queries it holds)
// to out, in query order: each is a document the coordinating node fetches
// to rewrite the query.
func TermsLookups(q Query, out []*TermsLookup) []*TermsLookup {
	switch x := q.(type) {
	case *Terms:
		if x.Lookup != nil {
			out = append(out, x.Lookup)
		}
	case *Bool:
		for _, l := range [][]Query{x.Must, x.Should, x.Filter, x.MustNot} {
			for _, sub := range l {
				out = TermsLookups(sub, out)
			}
		}
	case *ConstantScore:
		out = TermsLookups(x.Filter, out)
	case *DisMax:
		for _, sub := range x.Queries {
			out = TermsLookups(sub, out)
		}
	case *FunctionScore:
		out = TermsLookups(x.Query, out)
		for _, fn := range x.Functions {
			out = TermsLookups(fn.Filter, out)
		}
	case *Nested:
		out = TermsLookups(x.Query, out)
	case *ScriptScore:
		out = TermsLookups(x.Query, out)
	case *Boosting:
		out = TermsLookups(x.Positive, out)
		out = TermsLookups(x.Negative, out)
	}
	return out
}
