package painless

// typ is a static type as written in declarations, casts, instanceof and catch clauses.
type typ uint8

const (
	tyDef typ = iota // def, Object: anything
	tyInt
	tyLong
	tyFloat
	tyDouble
	tyBoolean
	tyString
	tyNumber
	tyMap
	tyList
	tySet
	tyCollection
	tyEntry
	tyBoxInt    // Integer
	tyBoxLong   // Long
	tyBoxFloat  // Float
	tyBoxDouble // Double
	tyBoxBool   // Boolean
	tyException // Exception and its subclasses in catch/instanceof
	tyVoid
	tyArrayDef // T[] arrays: modelled as lists
	tyDate     // java.util.Date
	tyInstant
	tyZoned
	tyZone
	tyBigInt
	tyByte  // byte
	tyShort // short
	tyChar  // char
	tyBoxByte
	tyBoxShort
	tyBoxChar // Character
)

// typeInfo describes a type name the lexer treats as a type.
type typeInfo struct {
	t typ
	// supported is false for real Painless types the fake does not model: using them is a
	// compile error naming the feature.
	supported bool
	// static marks classes used as a receiver of static methods/fields (Math.max).
	static bool
	// class is the Java class name for messages and casts.
	class string
}

var typeNames = map[string]typeInfo{
	"def":                            {tyDef, true, false, "def"},
	"Object":                         {tyDef, true, false, "java.lang.Object"},
	"int":                            {tyInt, true, false, "int"},
	"long":                           {tyLong, true, false, "long"},
	"float":                          {tyFloat, true, false, "float"},
	"double":                         {tyDouble, true, false, "double"},
	"boolean":                        {tyBoolean, true, false, "boolean"},
	"byte":                           {tyByte, true, false, "byte"},
	"short":                          {tyShort, true, false, "short"},
	"char":                           {tyChar, true, false, "char"},
	"Byte":                           {tyBoxByte, true, true, "java.lang.Byte"},
	"Short":                          {tyBoxShort, true, true, "java.lang.Short"},
	"Character":                      {tyBoxChar, true, true, "java.lang.Character"},
	"void":                           {tyVoid, true, false, "void"},
	"String":                         {tyString, true, true, "java.lang.String"},
	"Number":                         {tyNumber, true, false, "java.lang.Number"},
	"Integer":                        {tyBoxInt, true, true, "java.lang.Integer"},
	"Long":                           {tyBoxLong, true, true, "java.lang.Long"},
	"Float":                          {tyBoxFloat, true, true, "java.lang.Float"},
	"Double":                         {tyBoxDouble, true, true, "java.lang.Double"},
	"Boolean":                        {tyBoxBool, true, true, "java.lang.Boolean"},
	"Map":                            {tyMap, true, false, "java.util.Map"},
	"HashMap":                        {tyMap, true, false, "java.util.HashMap"},
	"LinkedHashMap":                  {tyMap, true, false, "java.util.LinkedHashMap"},
	"List":                           {tyList, true, false, "java.util.List"},
	"ArrayList":                      {tyList, true, false, "java.util.ArrayList"},
	"Set":                            {tySet, true, false, "java.util.Set"},
	"HashSet":                        {tySet, true, false, "java.util.HashSet"},
	"LinkedHashSet":                  {tySet, true, false, "java.util.LinkedHashSet"},
	"Collection":                     {tyCollection, true, false, "java.util.Collection"},
	"Iterable":                       {tyCollection, true, false, "java.lang.Iterable"},
	"Math":                           {tyDef, true, true, "java.lang.Math"},
	"Processors":                     {tyDef, true, true, "org.opensearch.ingest.common.Processors"},
	"Collections":                    {tyDef, true, true, "java.util.Collections"},
	"Objects":                        {tyDef, true, true, "java.util.Objects"},
	"System":                         {tyDef, true, true, "java.lang.System"},
	"Collectors":                     {tyDef, true, true, "java.util.stream.Collectors"},
	"MovingFunctions":                {tyDef, true, true, "org.opensearch.search.aggregations.pipeline.MovingFunctions"},
	"Date":                           {tyDate, true, true, "java.util.Date"},
	"Instant":                        {tyInstant, true, true, "java.time.Instant"},
	"BigInteger":                     {tyBigInt, true, true, "java.math.BigInteger"},
	"ZonedDateTime":                  {tyZoned, true, true, "java.time.ZonedDateTime"},
	"ZoneId":                         {tyZone, true, true, "java.time.ZoneId"},
	"ZoneOffset":                     {tyZone, true, true, "java.time.ZoneOffset"},
	"Exception":                      {tyException, true, false, "Exception"},
	"RuntimeException":               {tyException, true, false, "RuntimeException"},
	"IllegalArgumentException":       {tyException, true, false, "IllegalArgumentException"},
	"IllegalStateException":          {tyException, true, false, "IllegalStateException"},
	"NullPointerException":           {tyException, true, false, "NullPointerException"},
	"ClassCastException":             {tyException, true, false, "ClassCastException"},
	"ArithmeticException":            {tyException, true, false, "ArithmeticException"},
	"UnsupportedOperationException":  {tyException, true, false, "UnsupportedOperationException"},
	"IndexOutOfBoundsException":      {tyException, true, false, "IndexOutOfBoundsException"},
	"ArrayIndexOutOfBoundsException": {tyException, true, false, "ArrayIndexOutOfBoundsException"},
	"NumberFormatException":          {tyException, true, false, "NumberFormatException"},

	// Real Painless types the fake does not model.
	"BigDecimal": {}, "LocalDate": {}, "LocalDateTime": {}, "LocalTime": {}, "Duration": {},
	"Period": {}, "ChronoUnit": {}, "DateTimeFormatter": {}, "Pattern": {},
	"Matcher": {}, "Stream": {}, "IntStream": {}, "Optional": {},
	"StringBuilder": {}, "Arrays": {}, "TreeMap": {}, "TreeSet": {}, "LinkedList": {},
	"ArrayDeque": {}, "Iterator": {}, "Comparator": {}, "UUID": {}, "Debug": {},
	"Base64": {}, "StandardCharsets": {}, "SimpleDateFormat": {},
	"TimeUnit": {}, "Locale": {}, "Function": {}, "Predicate": {}, "Consumer": {},
	"BiConsumer": {}, "BiFunction": {}, "Supplier": {}, "StringJoiner": {}, "Calendar": {},
	"TimeZone": {}, "OffsetDateTime": {}, "Year": {}, "DayOfWeek": {}, "Month": {},
	"JodaCompatibleZonedDateTime": {},
}

// isTypeName reports whether word lexes as a type.
func isTypeName(word string) bool { _, ok := typeNames[word]; return ok }

// typeName returns a type's name for messages.
func (t typ) String() string {
	switch t {
	case tyInt:
		return "int"
	case tyLong:
		return "long"
	case tyFloat:
		return "float"
	case tyDouble:
		return "double"
	case tyBoolean:
		return "boolean"
	case tyByte:
		return "byte"
	case tyShort:
		return "short"
	case tyChar:
		return "char"
	case tyBoxByte:
		return "java.lang.Byte"
	case tyBoxShort:
		return "java.lang.Short"
	case tyBoxChar:
		return "java.lang.Character"
	case tyString:
		return "java.lang.String"
	case tyNumber:
		return "java.lang.Number"
	case tyMap:
		return "java.util.Map"
	case tyList:
		return "java.util.List"
	case tySet:
		return "java.util.Set"
	case tyBoxInt:
		return "java.lang.Integer"
	case tyBoxLong:
		return "java.lang.Long"
	case tyBoxFloat:
		return "java.lang.Float"
	case tyBoxDouble:
		return "java.lang.Double"
	case tyBoxBool:
		return "java.lang.Boolean"
	case tyVoid:
		return "void"
	case tyBigInt:
		return "java.math.BigInteger"
	case tyDate:
		return "java.util.Date"
	case tyInstant:
		return "java.time.Instant"
	case tyZoned:
		return "java.time.ZonedDateTime"
	case tyZone:
		return "java.time.ZoneId"
	case tyEntry:
		return "java.util.Map$Entry"
	case tyCollection:
		return "java.util.Collection"
	case tyException:
		return "java.lang.Exception"
	}
	return "def"
}
