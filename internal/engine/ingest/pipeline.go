package ingest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
)

// runner is what a processor does to a document.
type runner interface {
	run(x *execution, d *Document) *apierr.Error
}

// processor is one configured processor with its common options.
type processor struct {
	typ, tag      string
	desc          string // the description option (verbose simulation shows it)
	cond          *painless.Script
	condParams    *painless.Map
	ignoreFailure bool
	onFailure     []*processor
	r             runner
	// name is the processor's name in node stats (IngestService.getProcessorName).
	name  string
	stats counters
}

// Pipeline is a parsed pipeline.
type Pipeline struct {
	ID          string
	Description string
	processors  []*processor
	onFailure   []*processor
}

// execution carries what processors need while a document runs: the service (nested
// pipelines, scripts, clock).
type execution struct {
	s *Service
	// failType and failTag name the processor a pending failure came from:
	// the innermost one, as IngestProcessorException's headers keep it.
	failed                          bool
	failType, failTag, failPipeline string
	// trace, when set, collects a verbose simulation's steps.
	trace *[]Step
	// fatal is a verbose simulation's failure of the whole request (a
	// pipeline processor naming a pipeline that does not exist).
	fatal *apierr.Error
	// dry marks the cycle check a verbose simulation runs on a copy: it
	// counts no processor metrics.
	dry bool
}

// parsePipeline builds a pipeline from its JSON body (Pipeline.create).
func (s *Service) parsePipeline(id string, body *painless.Map) (*Pipeline, *apierr.Error) {
	c := &config{m: body}
	p := &Pipeline{ID: id}
	var err *apierr.Error
	if p.Description, err = c.optStr("description", ""); err != nil {
		return nil, err
	}
	c.take("version")
	c.take("_meta")
	procs, ok := c.take("processors")
	if !ok || procs == nil {
		return nil, configError("", "", "processors", "required property is missing")
	}
	if p.processors, err = s.parseList(procs, "processors"); err != nil {
		return nil, err
	}
	if of, ok := c.take("on_failure"); ok && of != nil {
		if p.onFailure, err = s.parseList(of, "on_failure"); err != nil {
			return nil, err
		}
		if len(p.onFailure) == 0 {
			return nil, configError("", "", "on_failure", "pipeline on_failure processors list cannot be empty")
		}
	}
	if body.Len() > 0 {
		return nil, apierr.New(apierr.TypeParse, "pipeline ["+id+"] doesn't support one or more provided configuration parameters ["+hashOrder(body)+"]")
	}
	return p, nil
}

// parseList reads a list of {"type": {options}} objects.
func (s *Service) parseList(v any, property string) ([]*processor, *apierr.Error) {
	l, ok := v.(*painless.List)
	if !ok {
		return nil, configError("", "", property, "property isn't a list, but of type ["+painless.ClassName(v)+"]")
	}
	out := make([]*processor, 0, len(l.Items))
	for _, it := range l.Items {
		m, ok := it.(*painless.Map)
		if !ok {
			return nil, configError("", "", property, "property isn't a map, but of type ["+painless.ClassName(it)+"]")
		}
		keys, vals := m.Keys(), m.Values()
		for i, k := range keys {
			p, err := s.parseProcessor(painless.ToJavaString(k), vals[i])
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// parseProcessor is ConfigurationUtils.readProcessor.
func (s *Service) parseProcessor(typ string, v any) (*processor, *apierr.Error) {
	if typ == "script" {
		if src, ok := v.(string); ok { // "script": "source" is the inline short form
			m := painless.NewHashMap(1)
			m.Set("source", src)
			v = m
		}
	}
	m, ok := v.(*painless.Map)
	if !ok {
		return nil, configError(typ, "", "", "processor ["+typ+"] must be a map, but was ["+painless.ClassName(v)+"]")
	}
	m = deepCopy(m).(*painless.Map)
	c := &config{typ: typ, m: m}
	tag, err := c.optStr("tag", "")
	if err != nil {
		return nil, err
	}
	c.tag = tag
	p := &processor{typ: typ, tag: tag}
	if p.desc, err = c.optStr("description", ""); err != nil {
		return nil, err
	}
	if p.ignoreFailure, err = c.optBool("ignore_failure", false); err != nil {
		return nil, err
	}
	if of, ok := c.take("on_failure"); ok && of != nil {
		if p.onFailure, err = s.parseList(of, "on_failure"); err != nil {
			return nil, err
		}
		if len(p.onFailure) == 0 {
			return nil, c.err("on_failure", "processors list cannot be empty")
		}
	}
	if cond, ok := c.take("if"); ok && cond != nil {
		if p.cond, p.condParams, err = s.parseScript(c, "if", cond, true); err != nil {
			return nil, err
		}
	}
	factory, known := factoryOf(typ)
	if !known {
		if unsupportedProcessors[typ] {
			return nil, configError(typ, tag, "", "the ["+typ+"] processor is not supported by clustersearch-fake yet")
		}
		return nil, configError(typ, tag, "", "No processor type exists with name ["+typ+"]")
	}
	if p.r, err = factory(s, c); err != nil {
		return nil, err
	}
	p.name = typ
	if pp, ok := p.r.(*pipelineProc); ok {
		p.name += ":" + pp.name.render(&Document{Ctx: painless.NewHashMap(0), Ingest: painless.NewHashMap(0)})
	}
	if tag != "" {
		p.name += ":" + tag
	}
	if err := c.leftovers(); err != nil {
		return nil, err
	}
	return p, nil
}

// parseScript reads a script: a string (the source) or {source|id, lang, params, options}.
func (s *Service) parseScript(c *config, property string, v any, returns bool) (*painless.Script, *painless.Map, *apierr.Error) {
	sc := &config{typ: c.typ, tag: c.tag}
	switch x := v.(type) {
	case string:
		sc.m = painless.NewHashMap(1)
		sc.m.Set("source", x)
	case *painless.Map:
		sc.m = x
	default:
		return nil, nil, c.err(property, "property isn't a string or a map, but of type ["+painless.ClassName(v)+"]")
	}
	lang, err := sc.optStr("lang", "painless")
	if err != nil {
		return nil, nil, err
	}
	if _, ok := sc.take("id"); ok {
		return nil, nil, c.err("id", "stored scripts are not supported by clustersearch-fake yet")
	}
	src, err := sc.str("source")
	if err != nil {
		return nil, nil, err
	}
	var params *painless.Map
	if pv, ok := sc.take("params"); ok && pv != nil {
		pm, ok := pv.(*painless.Map)
		if !ok {
			return nil, nil, c.err("params", "property isn't a map, but of type ["+painless.ClassName(pv)+"]")
		}
		params = pm
	}
	sc.take("options")
	context := "ingest"
	if returns {
		context = "processor_conditional"
	}
	script, cerr := s.scripts.Compile(lang, context, src, painless.CompileOptions{ReturnsValue: returns, Processors: !returns})
	if cerr != nil {
		se := upd.ScriptError(cerr)
		return nil, nil, se
	}
	return script, params, nil
}

// exec runs the processors on d; it stops at drop.
func (x *execution) exec(procs []*processor, d *Document) *apierr.Error {
	for _, p := range procs {
		if err := x.execOne(p, d); err != nil {
			return err
		}
		if d.Dropped {
			return nil
		}
	}
	return nil
}

// execOne is CompoundProcessor/ConditionalProcessor around one processor.
func (x *execution) execOne(p *processor, d *Document) *apierr.Error {
	if p.cond != nil {
		ok, err := x.condition(p, d)
		if err != nil {
			return err
		}
		if !ok {
			x.traceSkipped(p)
			return nil
		}
	}
	if x.trace != nil {
		if err, handled := x.verbosePipelineCall(p, d); handled {
			if err != nil && p.ignoreFailure && x.fatal == nil {
				return nil
			}
			return err
		}
	}
	x.tracePipelineCall(p, d)
	start := x.s.now()
	if !x.dry {
		p.stats.begin()
	}
	err := p.r.run(x, d)
	x.traceRun(p, d, err)
	// The processor's own metric counts its failure even when it is ignored
	// or handled, and not the time of its handlers.
	if !x.dry {
		p.stats.end(x.s.now().Sub(start), err != nil)
	}
	if err != nil && !x.failed {
		x.failed, x.failType, x.failTag, x.failPipeline = true, p.typ, p.tag, ""
		if len(d.pipelines) > 1 { // pipeline_origin is only set for nested pipelines
			x.failPipeline = d.pipelines[len(d.pipelines)-1]
		}
	}
	if err != nil && p.ignoreFailure {
		x.failed, err = false, nil
	}
	if err != nil && len(p.onFailure) > 0 {
		err = x.onFailure(p.onFailure, err, d)
	}
	return err
}

// onFailure runs handlers with the _ingest.on_failure_* fields set, then removes them.
func (x *execution) onFailure(handlers []*processor, cause *apierr.Error, d *Document) *apierr.Error {
	typ, tag, origin := x.failType, x.failTag, x.failPipeline
	x.failed = false
	root := cause.RootCause()
	d.Ingest.Set("on_failure_message", root.Reason)
	d.Ingest.Set("on_failure_processor_type", typ)
	if tag != "" {
		d.Ingest.Set("on_failure_processor_tag", tag)
	} else {
		d.Ingest.Set("on_failure_processor_tag", nil)
	}
	if origin != "" {
		d.Ingest.Set("on_failure_pipeline", origin)
	}
	err := x.exec(handlers, d)
	for _, k := range []string{"on_failure_message", "on_failure_processor_type", "on_failure_processor_tag", "on_failure_pipeline"} {
		d.Ingest.Delete(k)
	}
	return err
}

// condition evaluates an "if" script: it must return a boolean.
func (x *execution) condition(p *processor, d *Document) (bool, *apierr.Error) {
	vars := map[string]any{"ctx": readOnlyView(d), "params": paramsOrEmpty(p.condParams)}
	res, err := p.cond.Execute(vars, painless.ExecOptions{Now: x.s.now})
	if err != nil {
		return false, upd.ScriptError(err)
	}
	b, ok := res.(bool)
	if !ok {
		return false, apierr.IllegalArgument("condition [%s] must return a boolean value", p.cond.Source())
	}
	return b, nil
}

// readOnlyView is the ctx an "if" script sees: OpenSearch wraps the document in
// UnmodifiableIngestData, so a write fails the condition.
func readOnlyView(d *Document) any {
	return painless.Locked(d.Ctx, "Mutating ingest documents in conditionals is not supported")
}

func paramsOrEmpty(m *painless.Map) any {
	if m == nil {
		return painless.NewHashMap(0)
	}
	return deepCopy(m)
}
