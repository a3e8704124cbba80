filedesc://made.arc 0.0.0.0 20261128120000 text/plain 67
1 0 mkwarc
URL IP-address Archive-date Content-type Archive-length

http://www.example.com/ 93.184.216.34 20261128120000 text/html 101
HTTP/1.0 200 OK
Content-Type: text/html

<!doctype html><title>page 0</title><a href="/a/0">a</a>

http://example.com/a?b=1&a=2 93.184.216.34 not-a-length
HTTP/1.0 200 OK
Content-Type: text/html

<!doctype html><title>page 1</title><a href="/a/1">a</a>

dns:example.com 93.184.216.34 20261128120002 text/html 101
HTTP/1.0 200 OK
Content-Type: text/html

<!doctype html><title>page 2</title><a href="/a/2">a</a>

https://example.com/x y 93.184.216.34 20261128120003 text/html 101
HTTP/1.0 200 OK
Content-Type: text/html

<!doctype html><title>page 3</title><a href="/a/3">a</a>

http://bücher.example/ 93.184.216.34 20261128120004 text/html 101
HTTP/1.0 200 OK
Content-Type: text/html

<!doctype html><title>page 4</title><a href="/a/4">a</a>

http://example.com/short-date 93.184.216.34 2026112812 text/html 26
HTTP/1.0 404 Not Found


http://example.com/bad-date 93.184.216.34 20261340999999 text/html 20
HTTP/1.0 200 OK

x
