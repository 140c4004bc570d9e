package apierr

// TypeClassCast is java.lang.ClassCastException, which the real server
// answers with a 500 (an unknown type to ExceptionsHelper.status) when a
// request body holds a value of the wrong JSON type where the action casts
// it blindly (the blocks of PUT _cluster/settings).
const TypeClassCast = "class_cast_exception"
