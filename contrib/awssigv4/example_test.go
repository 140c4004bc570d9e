package awssigv4_test

import (
	"context"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/contrib/awssigv4"
)

// A client for an Amazon OpenSearch Service domain. In a program the
// credentials would come from config.LoadDefaultConfig (FromConfig).
func ExampleNew() {
	creds := aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
		return aws.Credentials{AccessKeyID: "AKID", SecretAccessKey: "secret"}, nil
	})
	sign, err := awssigv4.New(awssigv4.Options{Region: "eu-west-1", Service: awssigv4.ServiceOpenSearch, Credentials: creds})
	if err != nil {
		log.Fatal(err)
	}
	c, err := clustersearch.New(
		clustersearch.WithAddresses("https://search-my-domain.eu-west-1.es.amazonaws.com"),
		clustersearch.WithMiddleware(sign),
		clustersearch.WithGzip(), // the signature covers the compressed bytes
	)
	if err != nil {
		log.Fatal(err)
	}
	_ = c
}
