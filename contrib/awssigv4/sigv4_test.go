package awssigv4_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/contrib/awssigv4"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/types"
)

// static returns a provider of fixed keys.
func static(id, secret string) aws.CredentialsProvider {
	return aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
		return aws.Credentials{AccessKeyID: id, SecretAccessKey: secret, Source: "test"}, nil
	})
}

// capture is the transport under the signer in the test-suite checks: it
// keeps the signed request instead of sending it.
type capture struct{ got *http.Request }

func (c *capture) RoundTrip(r *http.Request) (*http.Response, error) {
	c.got = r
	return &http.Response{StatusCode: 200, Body: http.NoBody, Header: http.Header{}}, nil
}

// TestMatchesTheAWSTestSuite signs requests of AWS's published SigV4 test
// suite (credential AKIDEXAMPLE, us-east-1, service "service",
// 20150830T123600Z) and compares the Authorization header with the
// published value.
func TestMatchesTheAWSTestSuite(t *testing.T) {
	at := time.Date(2015, 8, 30, 12, 36, 0, 0, time.UTC)
	const scope = "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
	cases := []struct{ name, method, url, contentType, body, want string }{
		{"get-vanilla", "GET", "https://example.amazonaws.com/", "", "",
			scope + "SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"},
		{"get-vanilla-query-order-key-case", "GET", "https://example.amazonaws.com/?Param2=value2&Param1=value1", "", "",
			scope + "SignedHeaders=host;x-amz-date, Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"},
		{"post-vanilla", "POST", "https://example.amazonaws.com/", "", "",
			scope + "SignedHeaders=host;x-amz-date, Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"},
		{"post-x-www-form-urlencoded", "POST", "https://example.amazonaws.com/", "application/x-www-form-urlencoded", "Param1=value1",
			scope + "SignedHeaders=content-type;host;x-amz-date, Signature=ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"},
	}
	sign, err := awssigv4.New(awssigv4.Options{Region: "us-east-1", Service: "service",
		Credentials: static("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"), Now: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var body io.Reader
		if c.body != "" {
			body = strings.NewReader(c.body)
		}
		r, _ := http.NewRequest(c.method, c.url, body)
		r.ContentLength = 0 // the suite's requests carry no Content-Length header to sign
		if c.contentType != "" {
			r.Header.Set("Content-Type", c.contentType)
		}
		cp := &capture{}
		if _, err := sign(cp).RoundTrip(r); err != nil {
			t.Fatal(err)
		}
		if got := cp.got.Header.Get("Authorization"); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if got := cp.got.Header.Get("X-Amz-Date"); got != "20150830T123600Z" {
			t.Errorf("%s: X-Amz-Date %q", c.name, got)
		}
		if r.Header.Get("Authorization") != "" {
			t.Errorf("%s: the caller's request was changed", c.name)
		}
	}
}

var testKey = fake.SigV4Key{AccessKeyID: "AKIDTESTKEY", SecretAccessKey: "test/secret/key", Region: "eu-west-1", Service: "es"}

func signedClient(t *testing.T, url string, o awssigv4.Options, more ...clustersearch.Option) *clustersearch.Client {
	t.Helper()
	if o.Region == "" {
		o.Region = testKey.Region
	}
	if o.Credentials == nil {
		o.Credentials = static(testKey.AccessKeyID, testKey.SecretAccessKey)
	}
	sign, err := awssigv4.New(o)
	if err != nil {
		t.Fatal(err)
	}
	c, err := clustersearch.New(append([]clustersearch.Option{clustersearch.WithAddresses(url), clustersearch.WithMiddleware(sign)}, more...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFakeAcceptsSignedRequests: writes, gzip bodies, ids that need escaping
// and searches with parameters all pass the fake's signature check.
func TestFakeAcceptsSignedRequests(t *testing.T) {
	for _, service := range []string{awssigv4.ServiceOpenSearch, awssigv4.ServiceServerless} {
		key := testKey
		key.Service = service
		srv := fake.New(t, fake.WithSigV4(key))
		for _, gzip := range []bool{false, true} {
			var opts []clustersearch.Option
			if gzip {
				opts = append(opts, clustersearch.WithGzip())
			}
			c := signedClient(t, srv.URL(), awssigv4.Options{Service: service}, opts...)
			ctx := context.Background()
			id := fmt.Sprintf("a/b c,%v", gzip)
			if _, err := c.Documents.Index(ctx, "books", id, map[string]any{"title": "signed"}, &documents.IndexParams{Refresh: types.RefreshTrue}); err != nil {
				t.Fatalf("%s gzip=%v: index: %v", service, gzip, err)
			}
			got, err := c.Documents.Get(ctx, "books", id, nil)
			if err != nil || !got.Found {
				t.Fatalf("%s gzip=%v: get: %v %+v", service, gzip, err, got)
			}
		}
	}
}

// tamper changes the body after signing, as a proxy on the way might.
func tamper(next http.RoundTripper) http.RoundTripper {
	return roundTripFunc(func(r *http.Request) (*http.Response, error) {
		body, _ := io.ReadAll(r.Body)
		body = []byte(strings.Replace(string(body), "signed", "forged", 1))
		r = r.Clone(r.Context())
		r.Body, r.ContentLength = io.NopCloser(strings.NewReader(string(body))), int64(len(body))
		return next.RoundTrip(r)
	})
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestFakeRefusesTamperedRequest(t *testing.T) {
	srv := fake.New(t, fake.WithSigV4(testKey))
	sign, err := awssigv4.New(awssigv4.Options{Region: testKey.Region, Credentials: static(testKey.AccessKeyID, testKey.SecretAccessKey)})
	if err != nil {
		t.Fatal(err)
	}
	// The signer is outermost, the tampering below it: the body changes after signing.
	c, err := clustersearch.New(clustersearch.WithAddresses(srv.URL()), clustersearch.WithMiddleware(sign, tamper))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Documents.Index(context.Background(), "books", "1", map[string]any{"title": "signed"}, nil)
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != http.StatusForbidden {
		t.Fatalf("err = %v", err)
	}
	body := string(e.Body)
	const head = `{"message":"The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.\n\nThe Canonical String for this request should have been\n'PUT\n/books/_doc/1\n\n`
	// The server hashes the body it received: the forged one.
	forged := `{"title":"forged"}`
	if !strings.HasPrefix(body, head) || !strings.Contains(body, sha256hex(forged)+`'\n\nThe String-to-Sign should have been\n'AWS4-HMAC-SHA256\n`) {
		t.Fatalf("403 body:\n%s", body)
	}
	if _, found := srv.Document("books", "1"); found {
		t.Error("the tampered document was stored")
	}
}

func TestFakeRefusesExpiredSignature(t *testing.T) {
	signedAt := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	clock := fake.NewManualClock(signedAt.Add(7 * time.Minute))
	srv := fake.New(t, fake.WithSigV4(testKey), fake.WithClock(clock))
	c := signedClient(t, srv.URL(), awssigv4.Options{Now: func() time.Time { return signedAt }}, clustersearch.WithoutRetries())
	_, err := c.Cluster.Health(context.Background(), nil, nil)
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != http.StatusForbidden {
		t.Fatalf("err = %v", err)
	}
	want := `{"message":"Signature expired: 20260301T100000Z is now earlier than 20260301T100200Z (20260301T100700Z - 5 min.)"}`
	if string(e.Body) != want {
		t.Fatalf("403 body:\n%s\nwant\n%s", e.Body, want)
	}
	clock.Set(signedAt.Add(4 * time.Minute))
	if _, err := c.Cluster.Health(context.Background(), nil, nil); err != nil {
		t.Fatalf("within five minutes: %v", err)
	}
}

// TestEveryRetryIsSignedAnew: the first attempt meets a 503 from a proxy in
// front of the fake, the retry is signed with a later date and accepted.
func TestEveryRetryIsSignedAnew(t *testing.T) {
	srv := fake.New(t, fake.WithSigV4(testKey))
	var mu sync.Mutex
	var dates []string
	var calls atomic.Int32
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		dates = append(dates, r.Header.Get("X-Amz-Date"))
		mu.Unlock()
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		srv.Handler().ServeHTTP(w, r)
	}))
	defer front.Close()
	var tick atomic.Int64
	start := time.Now().UTC().Truncate(time.Second)
	c := signedClient(t, front.URL, awssigv4.Options{Now: func() time.Time { return start.Add(time.Duration(tick.Add(1)) * time.Second) }},
		clustersearch.WithDefaultRetryPolicy(clustersearch.RetryPolicy{MaxRetries: 2, MinBackoff: time.Millisecond, MaxBackoff: time.Millisecond}))
	if _, err := c.Cluster.Health(context.Background(), nil, nil); err != nil {
		t.Fatal(err)
	}
	f := "20060102T150405Z"
	want := []string{start.Add(time.Second).Format(f), start.Add(2 * time.Second).Format(f)}
	if fmt.Sprint(dates) != fmt.Sprint(want) {
		t.Fatalf("dates signed: %v, want %v", dates, want)
	}
}

// TestCredentialsAreRefreshed: keys that expire are fetched again, and the
// next request is signed with the new ones.
func TestCredentialsAreRefreshed(t *testing.T) {
	var fetched atomic.Int32
	provider := aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
		n := fetched.Add(1)
		return aws.Credentials{AccessKeyID: fmt.Sprintf("AKID%d", n), SecretAccessKey: "s", CanExpire: true, Expires: time.Now().Add(50 * time.Millisecond)}, nil
	})
	var keys []string
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		id, _, _ := strings.Cut(strings.TrimPrefix(auth, "AWS4-HMAC-SHA256 Credential="), "/")
		keys = append(keys, id)
		io.WriteString(w, `{}`)
	}))
	defer front.Close()
	c := signedClient(t, front.URL, awssigv4.Options{Credentials: provider})
	for i := 0; i < 3; i++ {
		if i == 2 {
			time.Sleep(100 * time.Millisecond)
		}
		if _, err := c.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if fmt.Sprint(keys) != "[AKID1 AKID1 AKID2]" {
		t.Fatalf("keys used: %v (fetched %d times)", keys, fetched.Load())
	}
}

func TestServerlessSendsThePayloadHash(t *testing.T) {
	var hash, signed string
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hash = r.Header.Get("X-Amz-Content-Sha256")
		_, signed, _ = strings.Cut(r.Header.Get("Authorization"), "SignedHeaders=")
		io.WriteString(w, `{}`)
	}))
	defer front.Close()
	c := signedClient(t, front.URL, awssigv4.Options{Service: awssigv4.ServiceServerless})
	body := `{"query":{"match_all":{}}}`
	if _, err := c.Do(context.Background(), &clustersearch.Request{Method: "POST", Path: "/books/_search", Body: []byte(body)}, nil); err != nil {
		t.Fatal(err)
	}
	if hash != sha256hex(body) || !strings.Contains(signed, ";x-amz-content-sha256;") {
		t.Fatalf("x-amz-content-sha256 %q, signed headers %q", hash, signed)
	}
}

func TestOptionsAreChecked(t *testing.T) {
	if _, err := awssigv4.New(awssigv4.Options{Credentials: static("a", "b")}); err == nil {
		t.Error("no error without a region")
	}
	if _, err := awssigv4.New(awssigv4.Options{Region: "eu-west-1"}); err == nil {
		t.Error("no error without credentials")
	}
}
