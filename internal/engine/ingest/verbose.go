package ingest

import (
	"encoding/json"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// This file is the verbose pipeline simulation (TrackingResultProcessor):
// every processor that runs, or is skipped by its condition, leaves one
// Step with a snapshot of the document after it.

// Step is one processor's entry in a verbose simulation
// (SimulateProcessorResult).
type Step struct {
	Type, Tag, Description string
	// HasIf marks a processor with a condition; Condition is its source and
	// CondResult what it returned.
	HasIf      bool
	Condition  string
	CondResult bool
	// Doc is the rendered document after the processor (nil when the
	// processor failed without ignore_failure, dropped it, or is a pipeline
	// processor).
	Doc []byte
	// Err is the processor's failure (with Doc set: ignored).
	Err *apierr.Error
}

// Status is the step's status: success, error, error_ignored, skipped or
// dropped (SimulateProcessorResult.getStatus).
func (s *Step) Status() string {
	switch {
	case s.HasIf && !s.CondResult:
		return "skipped"
	case s.Err != nil && s.Doc == nil:
		return "error"
	case s.Err != nil:
		return "error_ignored"
	case s.Doc == nil && s.Type != "pipeline":
		return "dropped"
	}
	return "success"
}

// Object renders the step as SimulateProcessorResult.toXContent does.
func (s *Step) Object() jsonout.Object {
	o := jsonout.Object{{Key: "processor_type", Value: s.Type}, {Key: "status", Value: s.Status()}}
	if s.Description != "" {
		o = append(o, jsonout.Field{Key: "description", Value: s.Description})
	}
	if s.Tag != "" {
		o = append(o, jsonout.Field{Key: "tag", Value: s.Tag})
	}
	if s.HasIf {
		o = append(o, jsonout.Field{Key: "if", Value: jsonout.Object{{Key: "condition", Value: s.Condition}, {Key: "result", Value: s.CondResult}}})
	}
	switch {
	case s.Err != nil && s.Doc != nil:
		o = append(o, jsonout.Field{Key: "ignored_error", Value: jsonout.Object{{Key: "error", Value: s.Err.Object(false)}}})
	case s.Err != nil:
		o = append(o, jsonout.Field{Key: "error", Value: s.Err.Object(false)})
	}
	if s.Doc != nil {
		o = append(o, jsonout.Field{Key: "doc", Value: json.RawMessage(s.Doc)})
	}
	return o
}

// RunVerbose runs p on d and returns the steps of every processor it ran
// (the document's own failure, if any, shows in the steps), or the failure
// of the whole request.
func (s *Service) RunVerbose(p *Pipeline, d *Document) ([]Step, *apierr.Error) {
	steps := []Step{}
	x := &execution{s: s, trace: &steps}
	_ = x.runPipeline(p, d)
	if x.fatal != nil {
		return nil, x.fatal
	}
	return steps, nil
}

// verbosePipelineCall is TrackingResultProcessor's pipeline processor: a
// missing pipeline fails the whole request; the called pipeline first runs
// on a copy of the document, and a cycle found there is the processor's
// only entry and failure. handled is false when the call may go on.
func (x *execution) verbosePipelineCall(p *processor, d *Document) (err *apierr.Error, handled bool) {
	pp, ok := p.r.(*pipelineProc)
	if !ok {
		return nil, false
	}
	name := pp.name.render(d)
	pl, exists := x.s.lookup(name)
	if !exists {
		x.fatal = apierr.IllegalArgument("Pipeline processor configured for non-existent pipeline [%s]", name)
		return x.fatal, true
	}
	cp := &Document{Ctx: deepCopy(d.Ctx).(*painless.Map), Ingest: deepCopy(d.Ingest).(*painless.Map), pipelines: append([]string(nil), d.pipelines...)}
	dry := &execution{s: x.s, dry: true}
	derr := dry.runPipeline(pl, cp)
	if derr == nil || !strings.HasPrefix(derr.Reason, "Cycle detected for pipeline: ") {
		return nil, false
	}
	st := x.step(p, true)
	st.Err = derr
	if p.ignoreFailure {
		st.Doc = snapshot(d)
	}
	*x.trace = append(*x.trace, st)
	return derr, true
}

// step starts the entry of p.
func (x *execution) step(p *processor, condResult bool) Step {
	st := Step{Type: p.typ, Tag: p.tag, Description: p.desc}
	if p.cond != nil {
		st.HasIf, st.Condition, st.CondResult = true, p.cond.Source(), condResult
	}
	return st
}

// snapshot renders the document as it stands (nil if it cannot be).
func snapshot(d *Document) []byte {
	b, err := d.AppendSimulated(nil)
	if err != nil {
		return nil
	}
	return b
}

// traceSkipped records a processor its condition skipped.
func (x *execution) traceSkipped(p *processor) {
	if x.trace != nil {
		*x.trace = append(*x.trace, x.step(p, false))
	}
}

// tracePipelineCall records a pipeline processor before the pipeline it
// calls runs (its steps follow), or its failure on a cycle. A missing
// pipeline leaves no entry.
func (x *execution) tracePipelineCall(p *processor, d *Document) {
	pp, ok := p.r.(*pipelineProc)
	if x.trace == nil || !ok {
		return
	}
	name := pp.name.render(d)
	if _, exists := x.s.lookup(name); !exists {
		return
	}
	st := x.step(p, true)
	for _, id := range d.pipelines {
		if id == name {
			st.Err = &apierr.Error{Status: 500, Type: "illegal_state_exception", Reason: "Cycle detected for pipeline: " + name}
			if p.ignoreFailure {
				st.Doc = snapshot(d)
			}
		}
	}
	*x.trace = append(*x.trace, st)
}

// traceRun records a processor that ran (pipeline processors recorded
// themselves before running).
func (x *execution) traceRun(p *processor, d *Document, err *apierr.Error) {
	if x.trace == nil {
		return
	}
	if _, isPipeline := p.r.(*pipelineProc); isPipeline {
		return
	}
	st := x.step(p, true)
	switch {
	case err != nil:
		st.Err = err
		if p.ignoreFailure {
			st.Doc = snapshot(d)
		}
	case !d.Dropped:
		st.Doc = snapshot(d)
	}
	*x.trace = append(*x.trace, st)
}
