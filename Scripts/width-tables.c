#define _XOPEN_SOURCE 700
#include <wchar.h>
#include <locale.h>
#include <stdio.h>
int main(){ setlocale(LC_ALL,"C.UTF-8");
 for(int want=0; want<=2; want+=2){ int start=-1;
  printf("%s\n", want==2?"WIDE":"ZERO");
  for(int c=0xA0;c<=0x110000;c++){ int w = c<0x110000 && !(c>=0xD800&&c<=0xDFFF) ? wcwidth(c) : -9;
    int in = (w==want);
    if(in && start<0) start=c;
    if(!in && start>=0){ printf("0x%X...0x%X,\n", start, c-1); start=-1; } } }
}
