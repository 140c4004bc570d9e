package search

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

var testNow = time.Date(2024, 5, 18, 10, 30, 0, 0, time.UTC)

type fixture struct {
	t   testing.TB
	svc *indices.Service
	x   *indices.Index
}

// newFixture creates an index with the given shard count and mapping JSON
// ("" for dynamic) and indexes docs as id -> source, in order, refreshed.
func newFixture(t testing.TB, shards int, mappingJSON string, docs ...[2]string) *fixture {
	t.Helper()
	return newFixtureWith(t, map[string]string{"index.number_of_shards": fmt.Sprint(shards)}, mappingJSON, docs...)
}

// newFixtureSettings is a one-shard fixture with extra index settings.
func newFixtureSettings(t testing.TB, st map[string]string, mappingJSON string, docs ...[2]string) *fixture {
	t.Helper()
	st["index.number_of_shards"] = "1"
	return newFixtureWith(t, st, mappingJSON, docs...)
}

func newFixtureWith(t testing.TB, st map[string]string, mappingJSON string, docs ...[2]string) *fixture {
	t.Helper()
	v, _ := version.Parse("2.19.0")
	svc := indices.New(clock.NewManual(testNow), v)
	req := indices.CreateRequest{Name: "idx", Settings: settings.Settings{}}
	for k, v := range st {
		req.Settings[k] = settings.Value{Str: v}
	}
	if mappingJSON != "" {
		tree, err := jsonout.Decode([]byte(mappingJSON))
		if err != nil {
			t.Fatal(err)
		}
		m, aerr := mapping.ParseMappings(tree)
		if aerr != nil {
			t.Fatal(aerr)
		}
		req.Mapping = m
	}
	x, err := svc.Create(req)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, svc: svc, x: x}
	f.index(docs...)
	return f
}

func (f *fixture) index(docs ...[2]string) {
	f.t.Helper()
	for _, d := range docs {
		if d[1] == "" {
			if _, _, err := f.x.Write(&shard.Write{ID: d[0], IfSeqNo: shard.NoSeqNo, Now: testNow}, true); err != nil {
				f.t.Fatal(err)
			}
			continue
		}
		fields, err := f.x.ParseSource(d[0], []byte(d[1]))
		if err != nil {
			f.t.Fatal(err)
		}
		if _, _, err := f.x.Write(&shard.Write{ID: d[0], Source: []byte(d[1]), Fields: &fields.Fields, IfSeqNo: shard.NoSeqNo, Now: testNow}, false); err != nil {
			f.t.Fatal(err)
		}
	}
	f.x.Refresh(f.svc)
}

func (f *fixture) request(query string) *Request {
	f.t.Helper()
	req := &Request{Service: f.svc, Size: 10, TrackTotalHits: 10000, Similarity: similarity.NewBM25(true), Now: testNow}
	for i := range f.x.Shards {
		req.Targets = append(req.Targets, Target{Index: f.x, Shard: i})
	}
	if query != "" {
		q, err := dsl.ParseJSON([]byte(query))
		if err != nil {
			f.t.Fatalf("parse %s: %v", query, err)
		}
		req.Query = q
	}
	return req
}

func (f *fixture) search(query string) *Result {
	f.t.Helper()
	res := Run(f.request(query))
	if len(res.Failures) > 0 {
		f.t.Fatalf("%s: shard failure %v", query, res.Failures[0].Err)
	}
	return res
}

// hits renders "id:score" for each hit.
func hits(res *Result) []string {
	var out []string
	for _, h := range res.Hits {
		s := "NaN"
		if !math.IsNaN(float64(h.Score)) {
			s = similarity.FormatFloat(h.Score)
		}
		out = append(out, h.Doc.ID+":"+s)
	}
	return out
}
