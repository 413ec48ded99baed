//! matchit behind a C interface (Benchmarks/C/matchit_suite.c): build a router from route
//! texts, then match a path and read its parameters, as a Rust user of matchit would.
use matchit::Router;

pub struct Harness {
    router: Router<usize>,
}

/// One captured parameter: borrowed from the router (key) and the path (value).
#[repr(C)]
pub struct MhParam {
    pub key: *const u8,
    pub key_len: usize,
    pub value: *const u8,
    pub value_len: usize,
}

unsafe fn text<'a>(ptr: *const u8, len: usize) -> Option<&'a str> {
    if ptr.is_null() {
        return None;
    }
    std::str::from_utf8(std::slice::from_raw_parts(ptr, len)).ok()
}

#[no_mangle]
pub extern "C" fn mh_new() -> *mut Harness {
    Box::into_raw(Box::new(Harness { router: Router::new() }))
}

/// # Safety
/// `h` comes from `mh_new` and is not freed.
#[no_mangle]
pub unsafe extern "C" fn mh_free(h: *mut Harness) {
    if !h.is_null() {
        drop(Box::from_raw(h));
    }
}

/// Adds a route in matchit's syntax (`/users/{id}`, `/files/{*path}`); 0, or -1 when
/// matchit refuses it.
///
/// # Safety
/// `h` comes from `mh_new`; `route` points to `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn mh_insert(h: *mut Harness, route: *const u8, len: usize, value: usize) -> i32 {
    match (h.as_mut(), text(route, len)) {
        (Some(h), Some(route)) => match h.router.insert(route, value) {
            Ok(()) => 0,
            Err(_) => -1,
        },
        _ => -1,
    }
}

/// The route value a path matches (1), or 0 on a miss. The parameters are found and
/// dropped, as a lookup that does not read them.
///
/// # Safety
/// As `mh_insert`; the path must be UTF-8 (the benchmark's paths are ASCII).
#[no_mangle]
pub unsafe extern "C" fn mh_match(h: *const Harness, path: *const u8, len: usize, value_out: *mut usize) -> i32 {
    let h = &*h;
    let path = std::str::from_utf8_unchecked(std::slice::from_raw_parts(path, len));
    match h.router.at(path) {
        Ok(m) => {
            *value_out = *m.value;
            1
        }
        Err(_) => 0,
    }
}

/// As `mh_match`, and every parameter copied into `out` (at most `cap`; `count_out` gets
/// their number).
///
/// # Safety
/// As `mh_match`; `out` holds `cap` elements.
#[no_mangle]
pub unsafe extern "C" fn mh_match_params(h: *const Harness, path: *const u8, len: usize, value_out: *mut usize,
                                         out: *mut MhParam, cap: usize, count_out: *mut usize) -> i32 {
    let h = &*h;
    let path = std::str::from_utf8_unchecked(std::slice::from_raw_parts(path, len));
    match h.router.at(path) {
        Ok(m) => {
            *value_out = *m.value;
            let mut n = 0;
            for (k, v) in m.params.iter() {
                if n < cap {
                    *out.add(n) = MhParam { key: k.as_ptr(), key_len: k.len(), value: v.as_ptr(), value_len: v.len() };
                }
                n += 1;
            }
            *count_out = n;
            1
        }
        Err(_) => 0,
    }
}
