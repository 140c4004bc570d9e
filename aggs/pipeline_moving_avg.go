package aggs

// MovingAvgAggregation is the deprecated moving_avg pipeline, which
// OpenSearch 2.x still runs (with a deprecation warning): a model over a
// sliding window of a metric's values. Prefer MovingFn. Model is simple
// (the default), linear, ewma, holt or holt_winters; Settings holds the
// model's parameters (alpha, beta, gamma, period, type, pad).
// Result: *ValueAggregate.
type MovingAvgAggregation struct {
	BucketsPath string         `json:"buckets_path"`
	Model       string         `json:"model,omitempty"`
	Settings    map[string]any `json:"settings,omitempty"`
	Window      *int           `json:"window,omitempty"`
	GapPolicy   GapPolicy      `json:"gap_policy,omitempty"`
	Format      string         `json:"format,omitempty"`
	Minimize    *bool          `json:"minimize,omitempty"`

	Meta map[string]any `json:"-"`
}

// MovingAvg returns a moving_avg pipeline with the simple model.
func MovingAvg(path string) *MovingAvgAggregation {
	return &MovingAvgAggregation{BucketsPath: path}
}

// WithModel sets the model and its settings.
func (a *MovingAvgAggregation) WithModel(model string, settings map[string]any) *MovingAvgAggregation {
	a.Model, a.Settings = model, settings
	return a
}

// WithWindow sets how many previous values the model sees (5 by default).
func (a *MovingAvgAggregation) WithWindow(n int) *MovingAvgAggregation { a.Window = &n; return a }

// MarshalJSON renders the aggregation.
func (a *MovingAvgAggregation) MarshalJSON() ([]byte, error) {
	if err := checkPath("moving_avg", a.BucketsPath); err != nil {
		return nil, err
	}
	type body MovingAvgAggregation
	return render("moving_avg", (*body)(a), a.Meta, nil)
}
