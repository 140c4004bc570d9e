// Package clustersearch is a client for the search and management REST API of
// OpenSearch-compatible clusters (OpenSearch 2.x).
//
// A Client holds the transport (addresses, credentials, TLS, retries) and
// exposes one service per API area:
//
//	c, err := clustersearch.New(clustersearch.WithAddresses("https://localhost:9200"),
//		clustersearch.WithBasicAuth("admin", "secret"))
//	...
//	stats, err := c.Nodes.Stats(ctx, nil)
//
// Every method takes a context first, its required path values next, then the
// request body (if any), and last an optional *Params struct (nil means the
// server's defaults). Every response type embeds types.ResponseMeta with the
// HTTP status and headers. A non-2xx answer is returned as *types.Error;
// use errors.As, or helpers such as types.IsNotFound.
//
// For endpoints the SDK does not model, Client.Do sends any request through the
// same transport and decodes the answer into a type of your own.
//
// The package fake starts an in-process server that behaves like a real cluster,
// so code written against this client can be tested without one.
package clustersearch
