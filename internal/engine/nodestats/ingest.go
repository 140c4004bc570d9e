package nodestats

import "github.com/clustersearch/clustersearch-go/internal/engine/jsonout"

// IngestCounters are one ingest stats block.
type IngestCounters struct {
	Count, TimeMillis, Current, Failed int64
}

// IngestPipeline is one pipeline's counters and its top-level processors'.
type IngestPipeline struct {
	ID string
	IngestCounters
	Processors []IngestProcessor
}

// IngestProcessor is one processor's stats entry: Name keys it ("set",
// "set:tag", "pipeline:name"), Type is its processor type.
type IngestProcessor struct {
	Name, Type string
	IngestCounters
}

// IngestStats is the ingest group of a node: the total and every pipeline
// in the order the node lists them.
type IngestStats struct {
	Total     IngestCounters
	Pipelines []IngestPipeline
}

// renderIngest writes IngestStats.toXContent. Every node knows every
// pipeline; the fake runs them on node 0, so the counts live there.
func renderIngest(h bool, env Env, n Node) jsonout.Object {
	var st IngestStats
	if env.Ingest != nil {
		st = env.Ingest()
	}
	counters := func(c IngestCounters) jsonout.Object {
		if n.Pos != 0 {
			c = IngestCounters{}
		}
		return newBuilder(h).add("count", c.Count).millis("time", c.TimeMillis).add("current", c.Current).add("failed", c.Failed).obj()
	}
	pipelines := make(jsonout.Object, 0, len(st.Pipelines))
	for _, p := range st.Pipelines {
		procs := make([]any, 0, len(p.Processors))
		for _, pr := range p.Processors {
			procs = append(procs, jsonout.Object{{Key: pr.Name, Value: jsonout.Object{{Key: "type", Value: pr.Type}, {Key: "stats", Value: counters(pr.IngestCounters)}}}})
		}
		o := counters(p.IngestCounters)
		o = append(o, jsonout.Field{Key: "processors", Value: procs})
		pipelines = append(pipelines, jsonout.Field{Key: p.ID, Value: o})
	}
	return jsonout.Object{{Key: "total", Value: counters(st.Total)}, {Key: "pipelines", Value: pipelines}}
}
