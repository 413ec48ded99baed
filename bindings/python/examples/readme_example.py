import switchyard

with switchyard.Router() as router:
    router.add("myapp://user/<int:id>", "UserProfile", name="user", defaults={"tab": "posts"})
    router.add("https://example.com/skill/:language", redirect="myapp://app/tiny?id=7")
    router.add("myapp://app/tiny", "MiniApp")

    m = router.resolve("myapp://user/42?ref=mail")
    print(m.target, dict(m.params))  # UserProfile {'id': 42, 'ref': 'mail', 'tab': 'posts'}

    m = router.resolve("https://example.com/skill/go")
    print(m.target, m.query["language"], m.redirects[-1])
    # MiniApp ('go',) myapp://app/tiny?id=7&language=go

    try:
        router.add("/user/<date:day>", "Calendar")
    except switchyard.PatternError as e:
        print(e.position, e)  # 7 unknown type 'date' at 7
