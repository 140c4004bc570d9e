package otel_test

import (
	"log"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	clustersearch "github.com/clustersearch/clustersearch-go"
	csotel "github.com/clustersearch/clustersearch-go/contrib/otel"
)

// A client traced and measured through the given providers; without the
// options, the global ones are used.
func ExampleNew() {
	tp := sdktrace.NewTracerProvider()
	mp := sdkmetric.NewMeterProvider()
	c, err := clustersearch.New(
		clustersearch.WithAddresses("https://localhost:9200"),
		clustersearch.WithObserver(csotel.New(csotel.WithTracerProvider(tp), csotel.WithMeterProvider(mp))),
	)
	if err != nil {
		log.Fatal(err)
	}
	_ = c
}
