module github.com/clustersearch/clustersearch-go/contrib/awssigv4

go 1.24

require (
	github.com/aws/aws-sdk-go-v2 v1.48.0
	github.com/clustersearch/clustersearch-go v0.0.0
)

require (
	github.com/aws/smithy-go v1.28.9 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/goccy/go-json v0.12.0 // indirect
	github.com/google/go-querystring v1.2.0 // indirect
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	github.com/hashicorp/go-retryablehttp v0.7.8 // indirect
)

replace github.com/clustersearch/clustersearch-go => ../..
