module github.com/clustersearch/clustersearch-go

go 1.23

require (
	github.com/clipperhouse/uax29/v2 v2.7.0
	github.com/goccy/go-json v0.12.0
	github.com/google/go-cmp v0.7.0
	github.com/google/go-querystring v1.2.0
	github.com/hashicorp/go-retryablehttp v0.7.8
	github.com/jarcoal/httpmock v1.4.2
	gopkg.in/yaml.v3 v3.0.1
)

require github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
