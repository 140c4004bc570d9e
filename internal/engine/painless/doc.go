// Package painless is the fake server's interpreter for the Painless subset that
// _update, _update_by_query, _reindex, ingest and search scripts use. It depends on the
// standard library only.
//
// # Use
//
//	cache := painless.NewCache(0)                        // one per node
//	s, err := cache.Compile(lang, "update", source, painless.CompileOptions{Options: opts})
//	if err != nil { /* painless.Error: render err.ResponseBody(api) */ }
//	src, _ := painless.ParseJSON(storedSource)           // _update: LinkedHashMaps, Jackson number types
//	// (_update_by_query, _reindex and params: painless.ParseJSONHashMap, Java HashMap order)
//	ctx := painless.NewMap(4)
//	ctx.Set("_source", src); ctx.Set("op", "index")
//	_, err = s.Execute(map[string]any{"ctx": ctx, "params": params}, painless.ExecOptions{})
//	op, _ := ctx.Get("op")
//	newSource, _ := ctx.Get("_source")
//	body, err := painless.EncodeJSON(newSource)         // Java key order, "20.0" doubles
//
// Execute also accepts plain decoded JSON (map[string]any ctx): it converts it in and
// writes every ctx key back as plain Go values afterwards (see Execute).
//
// # Search scripts
//
// Pipeline aggregation scripts compile on the coordinating node: bucket_script
// and bucket_selector with only params (Returns "Number" and "boolean"),
// moving_fn with `values` (NewDoubleArray) and CompileOptions.MovingFunctions,
// which allowlists the MovingFunctions helpers. A script that ends without a
// value returns its execute method's default (0.0, false, null).
//
// Search contexts compile with CompileOptions{Vars: []string{"doc", "_score"},
// ReturnsValue: true, NoCtx: true, Returns: t} and run with ExecOptions.Returns: t, the
// execute method's return type ("boolean" for filter scripts, "double" for score and
// number sort scripts, "String" for string sort scripts, "" for script fields): a
// returned value of a static type that cannot be cast is a compile error, a def value a
// runtime ClassCastException. Script.Uses tells whether a script reads a bound name
// (needs_score); ExecOptions.Warn receives deprecation warnings (Joda getMillis()). `doc` is a
// *DocLookup (NewDocLookup): OpenSearch's LeafDocLookup, a read-only map whose values are
// ScriptDocValues lists (Longs, Doubles, Strings, Booleans, Dates as
// JodaCompatibleZonedDateTime) reloaded for the current document on every access, with
// .value/getValue(), get(i) and [i] (negative from the end), size(), .empty/isEmpty(),
// .length and every read-only List method; writes are "doc values are unmodifiable".
// The errors are OpenSearch's: "No field found for [f] in mapping", the
// IllegalStateException of .value on a document without the field, the DocField.Err of
// a field without doc values. FieldValues turns a script_fields result into the hit's
// values. Java frames above the script (ScriptDocValues.get...) are not part of the
// script_stack, as for every built-in here.
//
// # Values
//
// Scripts see Java objects; the interpreter holds them as Go values: null is nil,
// boolean bool, Integer int32, Long int64, Float float32, Double float64, Byte, Short
// and Character unexported int8, int16 and uint16 types (byte, short and char promote to
// int in arithmetic, narrow only by explicit casts, `(char)'a'` takes a one-character
// String; a written _source shows Byte and Short as numbers and cannot hold a Character:
// "cannot write xcontent for unknown value of type class java.lang.Character"), String string,
// Map *Map, List *List, Set *Set, Map.Entry *Entry, java.util.Date *Date (written to
// JSON as "2024-01-15T10:00:00.000Z"). Maps and sets iterate as Java's do:
// LinkedHashMap in insertion order, HashMap and HashSet (map literals, new HashMap(),
// params, update_by_query and reindex sources) in bucket order, which shows in loops,
// toString and the JSON written back. JSON numbers become Integer when they fit in 32
// bits, else Long, and Double when they have a fraction or exponent, as Jackson parses a
// _source; integers beyond 64 bits are BigIntegers (*big.Int, also new BigInteger(s)).
// Script literals are int, long (1L), double
// (1.5, 1d) and float (1.5f). Arithmetic follows Java: binary numeric promotion, int
// overflow wraps, integer division truncates, `x / 0` on integers is an
// arithmetic_exception, `+` with a String concatenates (Double.toString formatting),
// `==` promotes numbers (1 == 1L) and otherwise calls equals (Integer 1 does not equal
// Long 1 in List.contains), compound assignment and ++ keep the left side's type.
//
// # Subset
//
// Statements: declarations (def, byte, short, char, int, long, float, double, boolean, String, Map, List,
// Set, Number, boxed types, T[]), if/else, while, do-while, for, for-each (`:` and `in`),
// break, continue, return, throw, try/catch, and functions declared before the
// statements. Expressions: field access by dot and bracket, `?.`, `?:`, ternary, all Java
// operators except the regex ones, casts, instanceof, list and map literals, new for
// ArrayList, HashMap, LinkedHashMap, HashSet, arrays and exceptions, lambdas (captured by
// value), method references (String::length, Map.Entry::getKey, ArrayList::new,
// this::function, local::method), lazy streams with Optional and
// Collectors.toList/toSet/joining/toMap, java.util.Date, and java.time's Instant,
// ZonedDateTime (offsets and UTC; region zones are a "[fake]" runtime error) and
// ZoneId/ZoneOffset. Built-ins
// are dispatched by receiver type and name/arity: see callMethod and callStatic. Anything
// else real Painless has (regex, DateTimeFormatter and the rest of java.time, BigDecimal,
// String.format, charAt, ...) is a compile error whose reason starts with "[fake]
// unsupported Painless feature", never a wrong result.
//
// Compilation runs the checks of OpenSearch's semantic analysis with its messages: null
// (empty) blocks ("extraneous if block"), constant loop conditions, loops that cannot
// iterate twice, unreachable statements, break/continue placement, missing returns. Update
// scripts compile as a void execute method: a statement whose value is unused ("not a
// statement: result not used from addition operation [+]") and `return x` are compile
// errors there, as in OpenSearch; CompileOptions.ReturnsValue compiles for a
// value-returning context instead.
//
// Loops charge Painless's loop counter (max_loop_counter, default 1,000,000 iterations per
// function, lambda or script body): going over it is a runtime painless_error. Java's
// ConcurrentModificationException is raised where Java's iterators raise it.
//
// # Errors
//
// Compile and runtime failures are *ScriptError (a script_exception with script_stack,
// script, lang, position and caused_by). Where OpenSearch puts them differs per API:
// ResponseBody(APIUpdate) wraps them in illegal_argument_exception "failed to execute
// script"; APIByQuery leaves the script_exception on top. Offsets are UTF-16 code units,
// as Java counts them. Messages follow Painless's own code (DefBootstrap, DefMath, Def,
// the semantic analysis); a null operand's message is the one Painless gives on a call
// site's first execution. A bad lang or compile option (general_script_exception), the
// compilation rate limit (circuit_breaking_exception) and a result JSON cannot hold are
// an *Exception.
package painless
