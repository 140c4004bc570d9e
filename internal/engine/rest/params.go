package rest

import (
	"slices"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// checkParams rejects URL parameters the route does not accept, with the
// message and suggestions of BaseRestHandler.unrecognized.
func checkParams(r Route, req *Request) *apierr.Error {
	if r.SelfChecked || allAccepted(r, req) {
		return nil
	}
	accepted := map[string]bool{}
	for _, p := range CommonParams() {
		accepted[p] = true
	}
	for _, p := range r.Params {
		accepted[p] = true
	}
	if r.Body {
		for _, p := range BodyParams() {
			accepted[p] = true
		}
	}
	var unknown []string
	for k := range req.Params {
		if !accepted[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	candidates := make([]string, 0, len(accepted))
	for k := range accepted {
		candidates = append(candidates, k)
	}
	var b strings.Builder
	b.WriteString("request [" + req.Path + "] contains unrecognized parameter")
	if len(unknown) > 1 {
		b.WriteString("s")
	}
	b.WriteString(": ")
	for i, u := range unknown {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("[" + u + "]")
		b.WriteString(Suggest(u, candidates, " -> "))
	}
	return apierr.IllegalArgument("%s", b.String())
}

// Suggest returns the did-you-mean suffix OpenSearch appends: candidates whose
// Lucene Levenshtein similarity to s is above 0.5, closest first, then by name.
func Suggest(s string, candidates []string, prefix string) string {
	type scored struct {
		name string
		sim  float64
	}
	var hits []scored
	for _, c := range candidates {
		if sim := levenshteinSimilarity(s, c); sim > 0.5 {
			hits = append(hits, scored{c, sim})
		}
	}
	if len(hits) == 0 {
		return ""
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].sim != hits[j].sim {
			return hits[i].sim > hits[j].sim
		}
		return hits[i].name < hits[j].name
	})
	if len(hits) == 1 {
		return prefix + "did you mean [" + hits[0].name + "]?"
	}
	names := make([]string, len(hits))
	for i, h := range hits {
		names[i] = h.name
	}
	return prefix + "did you mean any of [" + strings.Join(names, ", ") + "]?"
}

// levenshteinSimilarity is Lucene's LevenshteinDistance.getDistance:
// 1 - editDistance / max(len).
func levenshteinSimilarity(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	if len(ra) == 0 || len(rb) == 0 {
		if len(ra) == len(rb) {
			return 1
		}
		return 0
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(cur[j-1]+1, prev[j]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return 1 - float64(prev[len(rb)])/float64(max(len(ra), len(rb)))
}

// allAccepted reports whether every URL parameter is one the route accepts;
// most requests carry a handful, so scanning the lists beats building a set.
func allAccepted(r Route, req *Request) bool {
	for k := range req.Params {
		if !slices.Contains(CommonParams(), k) && !slices.Contains(r.Params, k) && (!r.Body || !slices.Contains(BodyParams(), k)) {
			return false
		}
	}
	return true
}
